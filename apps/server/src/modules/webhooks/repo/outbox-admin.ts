import type {
  AdminOutboxItem,
  MailStatus,
  OutboxChannel,
  OutboxCursor,
  OutboxSide,
} from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';

/**
 * Admin › Outbox (issue #28): the mail outbox and the webhook outbox read as
 * one list, newest first. Items are ordered by their queue time to the
 * millisecond (what the cursor can carry), then side, then id, so a page
 * boundary never repeats or skips an item queued in the same millisecond.
 */

interface ItemRow {
  side: OutboxSide;
  id: number | string;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  subject_zh: string | null;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  event_id: number | string | null;
  escalation: boolean;
  created_ms: Date;
  next_attempt_at: Date;
  sent_at: Date | null;
}

const MAIL = `SELECT 'email' AS side, id, 'email' AS channel, to_address AS recipient, subject,
         NULL::text AS subject_zh, status, attempts, last_error, event_id, false AS escalation,
         date_trunc('milliseconds', created_at) AS created_ms, next_attempt_at, sent_at
    FROM mail_outbox m WHERE m.factory_id = $1`;

const WEBHOOK = `SELECT 'webhook' AS side, o.id, d.format AS channel, d.name AS recipient,
         coalesce(e.title_en, o.subject_en) AS subject, coalesce(e.title_zh, o.subject_zh) AS subject_zh,
         o.status, o.attempts, o.last_error,
         o.event_id, o.escalation, date_trunc('milliseconds', o.created_at) AS created_ms,
         o.next_attempt_at, o.sent_at
    FROM webhook_outbox o
    JOIN webhook_destinations d ON d.id = o.destination_id AND d.factory_id = o.factory_id
    LEFT JOIN events e ON e.id = o.event_id AND e.factory_id = o.factory_id
   WHERE o.factory_id = $1`;

const iso = (value: Date | string) => new Date(value).toISOString();

function toItem(row: ItemRow): AdminOutboxItem & { side: OutboxSide } {
  return {
    side: row.side,
    id: Number(row.id),
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    subjectZh: row.subject_zh,
    status: row.status,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    eventId: row.event_id === null ? null : Number(row.event_id),
    escalation: row.escalation,
    createdAt: iso(row.created_ms),
    nextAttemptAt: iso(row.next_attempt_at),
    sentAt: row.sent_at === null ? null : iso(row.sent_at),
  };
}

/** One page of the factory's outbox over every channel (or one side), newest first. */
export async function listOutbox(
  db: Queryable,
  factoryId: number,
  query: {
    status?: MailStatus | undefined;
    channel?: OutboxSide | undefined;
    limit: number;
    before?: OutboxCursor | undefined;
  },
): Promise<{ items: AdminOutboxItem[]; nextBefore: OutboxCursor | null }> {
  const params: unknown[] = [factoryId];
  const conditions: string[] = [];
  if (query.status !== undefined) {
    params.push(query.status);
    conditions.push(`status = $${params.length}`);
  }
  if (query.before !== undefined) {
    params.push(query.before.createdAt, query.before.side, query.before.id);
    const n = params.length;
    // 'webhook' > 'email': within a millisecond, webhooks come first, as in ORDER BY below.
    conditions.push(`(created_ms, side, id) < ($${n - 2}::timestamptz, $${n - 1}::text, $${n})`);
  }
  params.push(query.limit + 1);
  const sides =
    query.channel === undefined ? [MAIL, WEBHOOK] : [query.channel === 'email' ? MAIL : WEBHOOK];
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  // Each side is cut to a page before the merge, so neither table is read past what a page needs.
  const branch = (sql: string) =>
    `(SELECT * FROM (${sql}) s ${where} ORDER BY created_ms DESC, id DESC LIMIT $${params.length})`;
  const rows = await db.query<ItemRow>(
    `SELECT * FROM (${sides.map(branch).join(' UNION ALL ')}) x
      ORDER BY created_ms DESC, side DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  const items = rows.slice(0, query.limit).map(toItem);
  const last = items.at(-1);
  return {
    items: items.map(({ side: _side, ...item }) => item),
    nextBefore:
      rows.length > query.limit && last
        ? { createdAt: last.createdAt, side: last.side, id: last.id }
        : null,
  };
}

/** One delivery as an outbox item, or null when the factory has none by that id. */
export async function findDelivery(
  db: Queryable,
  factoryId: number,
  id: number,
): Promise<AdminOutboxItem | null> {
  const rows = await db.query<ItemRow>(`${WEBHOOK} AND o.id = $2`, [factoryId, id]);
  if (!rows[0]) return null;
  const { side: _side, ...item } = toItem(rows[0]);
  return item;
}

/** A failed delivery back in the queue, due now, attempts from zero; false unless it was failed. */
export async function requeueFailedDelivery(db: Queryable, factoryId: number, id: number) {
  const rows = await db.query(
    `UPDATE webhook_outbox SET status = 'pending', attempts = 0, next_attempt_at = now(),
            locked_until = NULL
      WHERE factory_id = $1 AND id = $2 AND status = 'failed' RETURNING id`,
    [factoryId, id],
  );
  return rows.length > 0;
}
