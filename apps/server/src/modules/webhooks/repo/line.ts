/**
 * LINE destinations' binding (migration 030, decision 0076): the one-time
 * code, the bound chat and the webhook events already acted on.
 */
import type { Queryable } from '../../../platform/db/db.ts';
import {
  toDestination,
  type DestinationRow,
  type LineChatType,
  type WebhookDestination,
} from './destinations.ts';

export interface LineDestination extends WebhookDestination {
  factory: { name: string; nameZh: string };
  codeHash: string | null;
  codeExpiresAt: Date | null;
  codeFailures: number;
}

type LineRow = DestinationRow & { factory_name: string; factory_name_zh: string };

const toLine = (row: LineRow): LineDestination => ({
  ...toDestination(row),
  factory: { name: row.factory_name, nameZh: row.factory_name_zh },
  codeHash: row.line_code_hash,
  codeExpiresAt: row.line_code_expires_at === null ? null : new Date(row.line_code_expires_at),
  codeFailures: Number(row.line_code_failures),
});

/**
 * A LINE destination by id alone (LINE's request names no factory), with its
 * factory's names; `lock` holds the row to the end of the transaction.
 */
export async function findLineDestination(
  db: Queryable,
  id: number,
  lock = false,
): Promise<LineDestination | null> {
  const rows = await db.query<LineRow>(
    `SELECT w.*, f.name AS factory_name, f.name_zh AS factory_name_zh
       FROM webhook_destinations w JOIN factories f ON f.id = w.factory_id
      WHERE w.id = $1 AND w.format = 'line' AND w.line_channel_secret IS NOT NULL
      ORDER BY w.factory_id LIMIT 1${lock ? ' FOR UPDATE OF w' : ''}`,
    [id],
  );
  return rows[0] ? toLine(rows[0]) : null;
}

/**
 * The factory's LINE destinations on one channel (the same channel secret),
 * held to the end of the transaction: one Webhook URL in the LINE console
 * serves them all, so a code sent to the account may be any of theirs.
 */
export async function lockLineChannel(
  db: Queryable,
  factoryId: number,
  channelSecret: string,
): Promise<LineDestination[]> {
  const rows = await db.query<LineRow>(
    `SELECT w.*, f.name AS factory_name, f.name_zh AS factory_name_zh
       FROM webhook_destinations w JOIN factories f ON f.id = w.factory_id
      WHERE w.factory_id = $1 AND w.format = 'line' AND w.line_channel_secret = $2
      ORDER BY w.id FOR UPDATE OF w`,
    [factoryId, channelSecret],
  );
  return rows.map(toLine);
}

/** A new binding code (its hash) for a LINE destination of the factory; false when none. */
export async function setLineCode(
  db: Queryable,
  factoryId: number,
  id: number,
  codeHash: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE webhook_destinations
        SET line_code_hash = $3, line_code_expires_at = $4, line_code_failures = 0
      WHERE factory_id = $1 AND id = $2 AND format = 'line' RETURNING id`,
    [factoryId, id, codeHash, expiresAt],
  );
  return rows.length > 0;
}

/** How long an acted-on event id is remembered (LINE redelivers within a day or so). */
const EVENT_MEMORY = '7 days';

/**
 * Records that an event was acted on; false when it was before (a
 * redelivery). Forgets the destination's ids older than EVENT_MEMORY.
 */
export async function rememberLineEvent(
  db: Queryable,
  destination: Pick<WebhookDestination, 'factoryId' | 'id'>,
  webhookEventId: string,
  now: Date,
): Promise<boolean> {
  await db.query(
    `DELETE FROM line_webhook_events
      WHERE factory_id = $1 AND destination_id = $2
        AND received_at < $3::timestamptz - interval '${EVENT_MEMORY}'`,
    [destination.factoryId, destination.id, now],
  );
  const rows = await db.query<{ webhook_event_id: string }>(
    `INSERT INTO line_webhook_events (factory_id, destination_id, webhook_event_id, received_at)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING webhook_event_id`,
    [destination.factoryId, destination.id, webhookEventId, now],
  );
  return rows.length > 0;
}

/** Binds a chat: alerts go there from now on; the code is used up. */
export async function bindLineChat(
  db: Queryable,
  destination: Pick<WebhookDestination, 'factoryId' | 'id'>,
  chatId: string,
  chatType: LineChatType,
): Promise<void> {
  await db.query(
    `UPDATE webhook_destinations
        SET chat_id = $3, line_chat_type = $4, line_code_hash = NULL,
            line_code_expires_at = NULL, line_code_failures = 0
      WHERE factory_id = $1 AND id = $2`,
    [destination.factoryId, destination.id, chatId, chatType],
  );
}

/** A wrong code: counted, and the code ends at `maxFailures`. Returns whether it still works. */
export async function countLineCodeFailure(
  db: Queryable,
  destination: Pick<WebhookDestination, 'factoryId' | 'id'>,
  maxFailures: number,
): Promise<boolean> {
  const rows = await db.query<{ line_code_hash: string | null }>(
    `UPDATE webhook_destinations
        SET line_code_failures = line_code_failures + 1,
            line_code_hash = CASE WHEN line_code_failures + 1 >= $3 THEN NULL ELSE line_code_hash END,
            line_code_expires_at =
              CASE WHEN line_code_failures + 1 >= $3 THEN NULL ELSE line_code_expires_at END
      WHERE factory_id = $1 AND id = $2 RETURNING line_code_hash`,
    [destination.factoryId, destination.id, maxFailures],
  );
  return rows[0]?.line_code_hash !== null && rows[0] !== undefined;
}
