import { describe, expect, it } from 'vitest';
import {
  MAX_EMAIL_RECEIVERS,
  canAddReceiver,
  emailReceiversUpdateRequest,
  newReceiverRow,
  prepareReceiversForSave,
} from './email-receivers.ts';
import type { ReceiverRow } from './email-receivers.ts';
import { issueMessages } from './fixtures/issue-paths.ts';

const envelope = {
  email: 'demo@wattboard.local',
  action: '/v1/Setting/UpdateEmailReceivers',
  token: 't',
};
const row = (n: number): ReceiverRow => ({
  receiverName: `Person ${n}`,
  email: `person${n}@example.com`,
  status: 'on',
});

describe('receiver editor helpers', () => {
  it('starts a new row with status off and empty fields', () => {
    expect(newReceiverRow()).toEqual({ receiverName: '', email: '', status: 'off' });
    expect(newReceiverRow()).not.toBe(newReceiverRow());
  });

  it('drops rows lacking a name or an e-mail before sending', () => {
    const rows: ReceiverRow[] = [
      row(1),
      newReceiverRow(),
      { receiverName: 'No mail', email: '', status: 'on' },
      { receiverName: '   ', email: 'blank-name@example.com', status: 'off' },
      { id: 4, receiverName: ' Kept ', email: ' kept@example.com ', status: 'off' },
    ];
    expect(prepareReceiversForSave(rows)).toEqual([
      row(1),
      { id: 4, receiverName: 'Kept', email: 'kept@example.com', status: 'off' },
    ]);
  });

  it('offers the add button only while fewer than 5 rows exist', () => {
    expect(MAX_EMAIL_RECEIVERS).toBe(5);
    expect(canAddReceiver([1, 2, 3, 4].map(row))).toBe(true);
    expect(canAddReceiver([1, 2, 3, 4, 5].map(row))).toBe(false);
  });
});

describe('receiver update request', () => {
  it('accepts up to 5 receivers', () => {
    const receivers = [1, 2, 3, 4, 5].map(row);
    expect(emailReceiversUpdateRequest.safeParse({ ...envelope, receivers }).success).toBe(true);
  });

  it('rejects a sixth receiver', () => {
    const receivers = [1, 2, 3, 4, 5, 6].map(row);
    expect(issueMessages(emailReceiversUpdateRequest, { ...envelope, receivers })).toEqual({
      receivers: 'At most 5 e-mail receivers',
    });
  });

  it('rejects an invalid e-mail, naming the row', () => {
    const receivers = [row(1), { ...row(2), email: 'not-an-email' }];
    expect(issueMessages(emailReceiversUpdateRequest, { ...envelope, receivers })).toEqual({
      'receivers.1.email': 'Enter a valid e-mail address',
    });
  });

  it('rejects the same address twice, ignoring case', () => {
    const receivers = [row(1), { ...row(2), email: 'PERSON1@example.com' }];
    expect(
      Object.keys(issueMessages(emailReceiversUpdateRequest, { ...envelope, receivers })),
    ).toEqual(['receivers.1.email']);
  });

  it('accepts an empty list (everyone removed)', () => {
    expect(emailReceiversUpdateRequest.safeParse({ ...envelope, receivers: [] }).success).toBe(
      true,
    );
  });
});
