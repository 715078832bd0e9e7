import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/platform/db/db.ts';
import { queueEventMail } from '../../src/modules/mail/repo/queue-event-mail.ts';
import { postJson, signInAs } from '../helpers/test-app.ts';

export const ON_RECEIVERS = ['mei@example.com', 'chen@example.com'];
export const OFF_RECEIVER = 'off-duty@example.com';

/** Saves the demo factory's receivers through the API: two on, one off. */
export async function saveDemoReceivers(app: FastifyInstance): Promise<void> {
  const session = await signInAs(app);
  const response = await postJson(app, '/v1/Setting/UpdateEmailReceivers', {
    email: session.email,
    token: session.token,
    action: '/v1/Setting/UpdateEmailReceivers',
    receivers: [
      { receiverName: 'Mei Lin', email: ON_RECEIVERS[0], status: 'on' },
      { receiverName: 'Off Duty', email: OFF_RECEIVER, status: 'off' },
      { receiverName: 'Chen Wei', email: ON_RECEIVERS[1], status: 'on' },
    ],
  });
  if (response.statusCode !== 200) throw new Error(`saving receivers failed: ${response.body}`);
}

/**
 * Opens a voltage-style breach event on the demo's "Air Compressor 1" and
 * queues its mail in the same transaction, as the alarms do.
 */
export async function openEventWithMail(
  db: Db,
  target: string,
): Promise<{ eventId: number; queued: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number | string }>(
      `INSERT INTO events (factory_id, node_id, target, kind, title_en, desc_en, title_zh, desc_zh,
                           value, threshold_low, threshold_high, opened_at)
       SELECT factory_id, id, $1, 'threshold', $2, 'Above the high limit.', $3, '高於上限。',
              252.4, 200, 240, '2026-11-21T06:03:05Z'
         FROM nodes WHERE name = 'Air Compressor 1'
       RETURNING id`,
      [target, `${target} alarm: Air Compressor 1`, `${target}警報：空壓機 1`],
    );
    const eventId = Number(rows[0]!.id);
    return { eventId, queued: await queueEventMail(tx, eventId) };
  });
}

export interface OutboxState {
  id: number;
  to_address: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  sent_at: Date | null;
  last_error: string | null;
  subject: string;
  body_text: string;
}

export async function outboxRows(db: Db, eventId?: number): Promise<OutboxState[]> {
  const rows = await db.query<OutboxState & { id: number | string }>(
    `SELECT id, to_address, status, attempts, next_attempt_at, sent_at, last_error, subject, body_text
       FROM mail_outbox WHERE ($1::bigint IS NULL OR event_id = $1) ORDER BY id`,
    [eventId ?? null],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}
