import type { EmailReceiver } from '@wattboard/contract';
import type { Db, Queryable } from '../../../platform/db/db.ts';
import { planReceiverSave } from '../receivers.ts';

interface ReceiverRow {
  id: number;
  receiver_name: string;
  email: string;
  status: 'on' | 'off';
}

/** The factory's receivers in the editor's order. */
export async function loadEmailReceivers(db: Db, factoryId: number): Promise<EmailReceiver[]> {
  const rows = await db.query<ReceiverRow>(
    `SELECT id, receiver_name, email, status FROM email_receivers
      WHERE factory_id = $1 ORDER BY sort_order, id`,
    [factoryId],
  );
  return rows.map((row) => ({
    id: row.id,
    receiverName: row.receiver_name,
    email: row.email,
    status: row.status,
  }));
}

/**
 * Replaces the factory's list in one transaction. Saves of one factory are
 * serialised on its row, so two editors saving at once cannot end up with
 * more than the maximum between them.
 */
export async function replaceEmailReceivers(
  db: Db,
  factoryId: number,
  receivers: readonly EmailReceiver[],
): Promise<{ updated: number; deleted: number }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM factories WHERE id = $1 FOR UPDATE', [factoryId]);
    const existing = await tx.query<{ id: number }>(
      'SELECT id FROM email_receivers WHERE factory_id = $1',
      [factoryId],
    );
    const plan = planReceiverSave(
      existing.map((row) => row.id),
      receivers,
    );
    if (plan.deleteIds.length > 0) {
      await tx.query('DELETE FROM email_receivers WHERE factory_id = $1 AND id = ANY($2::int[])', [
        factoryId,
        plan.deleteIds,
      ]);
    }
    for (const { id, receiver, sortOrder } of plan.updates) {
      await tx.query(
        `UPDATE email_receivers
            SET receiver_name = $3, email = $4, status = $5, sort_order = $6, updated_at = now()
          WHERE factory_id = $1 AND id = $2`,
        [factoryId, id, receiver.receiverName, receiver.email, receiver.status, sortOrder],
      );
    }
    for (const { receiver, sortOrder } of plan.inserts) {
      await tx.query(
        `INSERT INTO email_receivers (factory_id, receiver_name, email, status, sort_order)
         VALUES ($1, $2, $3, $4, $5)`,
        [factoryId, receiver.receiverName, receiver.email, receiver.status, sortOrder],
      );
    }
    return { updated: plan.updates.length + plan.inserts.length, deleted: plan.deleteIds.length };
  });
}

/** How many of these receiver ids belong to the factory (so a save can refuse another factory's). */
export async function ownReceiverCount(
  db: Queryable,
  factoryId: number,
  ids: readonly number[],
): Promise<number> {
  const mine = await db.query<{ id: number }>(
    'SELECT id FROM email_receivers WHERE factory_id = $1 AND id = ANY($2::int[])',
    [factoryId, ids],
  );
  return mine.length;
}
