/**
 * Rules of the alarm e-mail receiver list: rows lacking a name or
 * an e-mail are dropped, at most 5 remain, and saving replaces the factory's
 * list, keeping the ids of rows that were edited. Pure.
 */
import type { EmailReceiver } from '@wattboard/contract';

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/**
 * The server drops incomplete rows too (the client should have done it
 * already). Anything that is not a row object is kept, so validation names it.
 */
export function dropBlankReceiverRows(rows: readonly unknown[]): unknown[] {
  return rows.filter((row) => {
    if (typeof row !== 'object' || row === null) return true;
    const { receiverName, email } = row as Record<string, unknown>;
    return !isBlank(receiverName) && !isBlank(email);
  });
}

export interface ReceiverWrite {
  receiver: EmailReceiver;
  /** Position in the list, 0-based: the order the editor shows. */
  sortOrder: number;
}

export interface ReceiverSavePlan {
  /** Rows that keep their id (an existing receiver of this factory, edited). */
  updates: (ReceiverWrite & { id: number })[];
  /** New rows, and rows whose id is not one of this factory's receivers. */
  inserts: ReceiverWrite[];
  /** The factory's receivers missing from the new list. */
  deleteIds: number[];
}

/**
 * How to turn the saved list into the new one. An id that is not one of the
 * factory's own receivers (another tenant's, or a stale one) is never
 * trusted: that row is inserted as new.
 */
export function planReceiverSave(
  existingIds: readonly number[],
  receivers: readonly EmailReceiver[],
): ReceiverSavePlan {
  const available = new Set(existingIds);
  const plan: ReceiverSavePlan = { updates: [], inserts: [], deleteIds: [] };
  receivers.forEach((receiver, sortOrder) => {
    const id = receiver.id;
    if (id !== undefined && available.has(id)) {
      available.delete(id); // a second row with the same id becomes a new row
      plan.updates.push({ id, receiver, sortOrder });
    } else {
      plan.inserts.push({ receiver, sortOrder });
    }
  });
  plan.deleteIds = existingIds.filter((id) => available.has(id));
  return plan;
}

/** The update call's message, e.g. "Saved 3 e-mail receivers, removed 1." */
export function receiverSaveMessage(saved: number, removed: number): string {
  const receivers = saved === 1 ? 'receiver' : 'receivers';
  return `Saved ${saved} e-mail ${receivers}, removed ${removed}.`;
}
