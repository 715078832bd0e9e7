import { describe, expect, it } from 'vitest';
import {
  duplicateEmailRows,
  receiverFormErrors,
  receiverFormSchema,
  receiversToSend,
  toReceiverForm,
} from './receiver-form';
import type { ReceiverForm } from './receiver-form';

const row = (receiverName: string, email: string, status: 'on' | 'off' = 'on') => ({
  receiverName,
  email,
  status,
});

function issuesOf(form: ReceiverForm) {
  const result = receiverFormSchema.safeParse(form);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path, message: i.message }));
}

describe('receiver form rules', () => {
  it('accepts blank rows (they are dropped) and valid addresses', () => {
    expect(
      issuesOf({ receivers: [row('', ''), row('Ann', 'ann@example.com'), row('Bo', '')] }),
    ).toEqual([]);
  });

  it('flags a typed address that is not an e-mail, on its row', () => {
    expect(
      issuesOf({ receivers: [row('Ann', 'ann@example.com'), row('Bo', 'bo-at-example')] }),
    ).toEqual([{ path: ['receivers', 1, 'email'], message: receiverFormErrors.invalidEmail }]);
    // Even a row without a name: what was typed is visibly wrong, so it is not silently dropped.
    expect(issuesOf({ receivers: [row('', 'nope')] })).toHaveLength(1);
  });

  it('flags a name longer than 100 characters or holding a control character, on its row', () => {
    expect(issuesOf({ receivers: [row('n'.repeat(100), 'ann@example.com')] })).toEqual([]);
    expect(issuesOf({ receivers: [row('n'.repeat(101), 'ann@example.com')] })).toEqual([
      { path: ['receivers', 0, 'receiverName'], message: receiverFormErrors.nameTooLong },
    ]);
    expect(issuesOf({ receivers: [row('A\u0000', 'ann@example.com')] })).toHaveLength(1);
  });

  it('flags the later of two rows naming the same address, ignoring case and spaces', () => {
    expect(duplicateEmailRows([row('A', 'x@example.com'), row('B', ' X@Example.com ')])).toEqual([
      1,
    ]);
    expect(
      issuesOf({
        receivers: [
          row('A', 'x@example.com'),
          row('B', 'y@example.com'),
          row('C', 'X@example.com'),
        ],
      }),
    ).toEqual([{ path: ['receivers', 2, 'email'], message: receiverFormErrors.duplicateEmail }]);
  });

  it('ignores duplicates on rows that will be dropped anyway', () => {
    expect(duplicateEmailRows([row('A', 'x@example.com'), row('', 'x@example.com')])).toEqual([]);
    expect(duplicateEmailRows([row('', 'x@example.com'), row('A', 'x@example.com')])).toEqual([]);
  });

  it('refuses more than five rows', () => {
    const six = Array.from({ length: 6 }, (_, i) => row(`R${i}`, `r${i}@example.com`));
    expect(issuesOf({ receivers: six })).toEqual([
      { path: ['receivers'], message: receiverFormErrors.tooMany },
    ]);
    expect(issuesOf({ receivers: six.slice(0, 5) })).toEqual([]);
  });
});

describe('receiversToSend', () => {
  it('drops rows lacking a name or an address, trims the rest and sends only status, name, e-mail', () => {
    const form: ReceiverForm = {
      receivers: [
        { id: 4, ...row(' Ann ', ' ann@example.com ', 'on') },
        row('', 'nobody@example.com'),
        row('No address', '   '),
        row('Bo', 'bo@example.com', 'off'),
      ],
    };
    expect(receiversToSend(form)).toEqual([
      { status: 'on', receiverName: 'Ann', email: 'ann@example.com' },
      { status: 'off', receiverName: 'Bo', email: 'bo@example.com' },
    ]);
  });

  it('sends an empty list when every row is blank (everyone removed)', () => {
    expect(receiversToSend({ receivers: [row('', '')] })).toEqual([]);
  });
});

describe('toReceiverForm', () => {
  it('keeps the loaded order, ids and statuses', () => {
    expect(
      toReceiverForm([
        { id: 2, receiverName: 'Ann', email: 'ann@example.com', status: 'off' },
        { receiverName: 'Bo', email: 'bo@example.com', status: 'on' },
      ]),
    ).toEqual({
      receivers: [
        { id: 2, receiverName: 'Ann', email: 'ann@example.com', status: 'off' },
        { receiverName: 'Bo', email: 'bo@example.com', status: 'on' },
      ],
    });
  });
});
