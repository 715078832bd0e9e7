import { describe, expect, it } from 'vitest';
import { adminFactoryUpdateRequest } from './admin/factory.ts';
import { adminGatewayCreateRequest } from './admin/gateways.ts';
import { adminNodeUpdateRequest } from './admin/nodes.ts';
import { adminUserAddRequest } from './admin/users.ts';
import { announcementInputFields } from './announcement.ts';
import { emailReceiver } from './email-receivers.ts';
import { hasLineBreakingCharacter, SINGLE_LINE_MESSAGE } from './input.ts';
import { tariffHoliday } from './tariff.ts';

const envelope = { email: 'a@b.example', action: '/x', factoryId: 0 };

/** Each name-like field a client sends, as [what, parse with this value]. */
const NAME_FIELDS: [string, (value: string) => { success: boolean; error?: unknown }][] = [
  [
    'user name',
    (v) => adminUserAddRequest.safeParse({ ...envelope, username: v, userEmail: 'x@y.example' }),
  ],
  ['gateway name', (v) => adminGatewayCreateRequest.safeParse({ ...envelope, name: v })],
  [
    'factory name',
    (v) =>
      adminFactoryUpdateRequest.safeParse({
        ...envelope,
        name: v,
        nameZh: '廠',
        timeZone: 'Asia/Taipei',
        co2Factor: 0.5,
        contractCapacityKw: null,
      }),
  ],
  ['node name', (v) => adminNodeUpdateRequest.safeParse({ ...envelope, nodeId: 1, name: v })],
  [
    'node 中文 name',
    (v) => adminNodeUpdateRequest.safeParse({ ...envelope, nodeId: 1, chName: v }),
  ],
  [
    'receiver name',
    (v) => emailReceiver.safeParse({ receiverName: v, email: 'r@b.example', status: 'on' }),
  ],
  ['announcement title', (v) => announcementInputFields.title.safeParse(v)],
  ['holiday name', (v) => tariffHoliday.safeParse({ date: '2026-01-01', name: v })],
];

describe('one-line names', () => {
  it.each([
    '\r\n',
    '\n',
    '\r',
    '\t',
    '\u0085',
    '\u2028',
    '\u2029',
    '\u202e',
    '\u2066',
    '\u0000',
    '\u007f',
  ])('knows %j breaks a line or hides the text order', (character) => {
    expect(hasLineBreakingCharacter(`Air${character}Compressor`)).toBe(true);
  });

  it('leaves ordinary names alone, 中文, emoji and accents included', () => {
    for (const name of ['Air Compressor 1', '空壓機 1', 'Café ☕', 'A/B-C (3)']) {
      expect(hasLineBreakingCharacter(name)).toBe(false);
    }
  });

  it.each(NAME_FIELDS)('refuses a line break inside a %s, saying so', (_what, parse) => {
    const result = parse('Air Compressor 1\r\nBcc: victim@example.com');
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error)).toContain(SINGLE_LINE_MESSAGE);
    expect(parse('Air Compressor 1').success).toBe(true);
  });

  it('still allows line breaks in an announcement body', () => {
    expect(announcementInputFields.content.safeParse('Line one\nLine two').success).toBe(true);
  });
});
