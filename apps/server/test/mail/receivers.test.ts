import { describe, expect, it } from 'vitest';
import {
  dropBlankReceiverRows,
  planReceiverSave,
  receiverSaveMessage,
} from '../../src/modules/mail/receivers.ts';

const row = (receiverName: string, email: string, id?: number) => ({
  ...(id === undefined ? {} : { id }),
  receiverName,
  email,
  status: 'on' as const,
});

describe('receiver rules', () => {
  it('drops rows lacking a name or an e-mail, blank or missing', () => {
    const kept = dropBlankReceiverRows([
      row('Mei', 'mei@example.com'),
      row('', 'nobody@example.com'),
      row('No Mail', '   '),
      { status: 'on', email: 'x@example.com' },
      { status: 'on', receiverName: 'Null', email: null },
      row('Li', 'not-an-email'),
    ]);
    expect(kept).toEqual([row('Mei', 'mei@example.com'), row('Li', 'not-an-email')]);
  });

  it('keeps what is not a row, so validation can name it', () => {
    expect(dropBlankReceiverRows(['text', null, 3])).toEqual(['text', null, 3]);
  });

  it('updates rows it owns, inserts the rest and deletes the missing ones, in list order', () => {
    const plan = planReceiverSave(
      [10, 11, 12],
      [row('B', 'b@example.com', 12), row('New', 'n@example.com'), row('A', 'a@example.com', 10)],
    );
    expect(plan.updates.map((u) => [u.id, u.sortOrder])).toEqual([
      [12, 0],
      [10, 2],
    ]);
    expect(plan.inserts.map((i) => [i.receiver.receiverName, i.sortOrder])).toEqual([['New', 1]]);
    expect(plan.deleteIds).toEqual([11]);
  });

  it("never trusts an id that is not one of the factory's receivers", () => {
    const plan = planReceiverSave([1], [row('Other tenant', 'o@example.com', 99)]);
    expect(plan.updates).toEqual([]);
    expect(plan.inserts).toHaveLength(1);
    expect(plan.deleteIds).toEqual([1]);
  });

  it('uses an id once: a second row with it is new', () => {
    const plan = planReceiverSave(
      [5],
      [row('A', 'a@example.com', 5), row('B', 'b@example.com', 5)],
    );
    expect(plan.updates.map((u) => u.id)).toEqual([5]);
    expect(plan.inserts.map((i) => i.receiver.receiverName)).toEqual(['B']);
  });

  it('an empty list deletes everything', () => {
    expect(planReceiverSave([1, 2], [])).toEqual({ updates: [], inserts: [], deleteIds: [1, 2] });
  });

  it('says what was saved', () => {
    expect(receiverSaveMessage(1, 0)).toBe('Saved 1 e-mail receiver, removed 0.');
    expect(receiverSaveMessage(3, 2)).toBe('Saved 3 e-mail receivers, removed 2.');
  });
});
