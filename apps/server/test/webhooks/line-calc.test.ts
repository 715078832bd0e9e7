import { describe, expect, it } from 'vitest';
import {
  hashLineCode,
  LINE_TEXT_MAX,
  lineCodeMatches,
  lineCodeTries,
  linePushBody,
  lineSignature,
  lineWebhookUrl,
  newLineCode,
  verifyLineSignature,
} from '../../src/modules/webhooks/calc/line.ts';
import { fillClearLink } from '../../src/modules/webhooks/calc/clear-link.ts';
import { webhookBody, type WebhookEvent } from '../../src/modules/webhooks/calc/payload.ts';
import { lineRetryKey } from '../../src/modules/webhooks/deliver.ts';
import { lineTextEvent, signAsLine } from './line-stand-in.ts';

const EVENT: WebhookEvent = {
  eventId: 7,
  kind: 'threshold',
  target: 'voltage',
  titleEn: 'Voltage high',
  descEn: 'Phase A at 245 V.',
  titleZh: '電壓過高',
  descZh: 'A 相 245 V。',
  value: 245,
  openedAt: new Date('2026-11-28T02:00:00Z'),
  node: { id: 3, name: 'Line 1', chName: '一號線' },
  factory: { id: 1, name: 'Demo', nameZh: '示範工廠' },
};

describe('LINE signature (X-Line-Signature)', () => {
  it("matches LINE's published example (line-bot-sdk-nodejs test/validate-signature.spec.ts)", () => {
    // LINE's own SDK test: secret "test_secret", body {"hello":"world"}, and its signature.
    const body = JSON.stringify({ hello: 'world' });
    expect(lineSignature('test_secret', body)).toBe('t7Hn4ZDHqs6e+wdvI5TyQIvzie0DmMUmuXEBqyyE/tM=');
    expect(
      verifyLineSignature('test_secret', body, 't7Hn4ZDHqs6e+wdvI5TyQIvzie0DmMUmuXEBqyyE/tM='),
    ).toBe(true);
    // The same example's refused signature (two letters' case changed).
    expect(
      verifyLineSignature('test_secret', body, 't7Hn4ZDHqs6e+wdvi5TyQivzie0DmMUmuXEBqyyE/tM='),
    ).toBe(false);
  });

  it('is over the bytes as sent, and refuses a missing, short or foreign signature', () => {
    const body = Buffer.from('{"destination":"U1","events":[]}', 'utf8');
    const good = signAsLine('abcdef0123456789', body.toString('utf8'));
    expect(verifyLineSignature('abcdef0123456789', body, good)).toBe(true);
    expect(
      verifyLineSignature('abcdef0123456789', Buffer.concat([body, Buffer.from(' ')]), good),
    ).toBe(false);
    expect(verifyLineSignature('abcdef012345678X', body, good)).toBe(false);
    expect(verifyLineSignature('abcdef0123456789', body, undefined)).toBe(false);
    expect(verifyLineSignature('abcdef0123456789', body, '')).toBe(false);
    expect(verifyLineSignature('abcdef0123456789', body, good.slice(0, 20))).toBe(false);
  });
});

describe('LINE binding codes and events', () => {
  it('makes six-digit codes, kept only as a hash', () => {
    const codes = new Set(Array.from({ length: 200 }, newLineCode));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
    const hash = hashLineCode('012345');
    expect(hash).not.toContain('012345');
    expect(lineCodeMatches('012345', hash)).toBe(true);
    expect(lineCodeMatches('012346', hash)).toBe(false);
  });

  it('takes six-digit texts from a user, group or room as tries; ignores the rest', () => {
    const tries = lineCodeTries([
      lineTextEvent('123456', { type: 'user', userId: 'U1' }, 'e1'),
      lineTextEvent(' 234567\n', { type: 'group', groupId: 'C1', userId: 'U1' }, 'e2'),
      lineTextEvent('345678', { type: 'room', roomId: 'R1' }, 'e3'),
      lineTextEvent('hello', { type: 'user', userId: 'U1' }, 'e4'),
      lineTextEvent('1234567', { type: 'user', userId: 'U1' }, 'e5'),
      { ...lineTextEvent('456789', { type: 'user', userId: 'U1' }, 'e6'), type: 'postback' },
      { type: 'follow', webhookEventId: 'e7', source: { type: 'user', userId: 'U1' } },
      { ...lineTextEvent('567890', { type: 'user', userId: 'U1' }), webhookEventId: undefined },
      'not an event',
      null,
    ]);
    expect(tries.map((t) => [t.webhookEventId, t.code, t.chatType, t.chatId])).toEqual([
      ['e1', '123456', 'user', 'U1'],
      ['e2', '234567', 'group', 'C1'],
      ['e3', '345678', 'room', 'R1'],
    ]);
    expect(tries[0]!.replyToken).toBe('reply-e1');
  });

  it('gives each destination its webhook address on the public origin', () => {
    expect(lineWebhookUrl('https://w.example.com/', 12)).toBe(
      'https://w.example.com/v1/Line/Webhook/12',
    );
  });
});

describe('LINE push bodies', () => {
  it('is one text message to the bound chat, both languages, with the clear link line', () => {
    const queued = webhookBody({ format: 'line', chatId: 'C123' }, EVENT, 'wattboard-1', true);
    const sent = JSON.parse(
      fillClearLink(queued, 'https://w.example.com/v1/Event/ClearLink?t=a.b'),
    );
    expect(sent).toEqual({
      to: 'C123',
      messages: [
        {
          type: 'text',
          text:
            'Voltage high / 電壓過高\nLine 1 / 一號線\nPhase A at 245 V.\nA 相 245 V。\n' +
            'Demo / 示範工廠 · 2026-11-28T02:00:00.000Z\n' +
            'Clear this alarm / 清除此警報 (once, within 12 h / 限用一次，12 小時內有效): ' +
            'https://w.example.com/v1/Event/ClearLink?t=a.b',
        },
      ],
    });
    // No link made: the line goes, the message stays.
    const without = JSON.parse(fillClearLink(queued, null));
    expect(without.messages[0].text).not.toContain('Clear this alarm');
    expect(without.messages[0].text.endsWith('2026-11-28T02:00:00.000Z')).toBe(true);
  });

  it('stays within the 5000 characters of a LINE text, the link line kept', () => {
    const long = { ...EVENT, descEn: 'x'.repeat(9000) };
    const body = JSON.parse(
      fillClearLink(linePushBody(long, 'U1', true), `https://w/${'t'.repeat(500)}`),
    );
    const text = body.messages[0].text as string;
    expect(text.length).toBeLessThanOrEqual(LINE_TEXT_MAX);
    expect(text.split('\n').at(-1)).toMatch(/^Clear this alarm/);
  });

  it('retries a delivery with one UUID-shaped retry key; another delivery gets another', () => {
    const key = lineRetryKey('wattboard-41', 3);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(lineRetryKey('wattboard-41', 3)).toBe(key);
    expect(lineRetryKey('wattboard-42', 3)).not.toBe(key);
    expect(lineRetryKey('wattboard-41', 4)).not.toBe(key);
  });
});
