/**
 * The webhook_outbox table (migration 026): deliveries are queued inside the
 * transaction that opens the event, then claimed (one atomic UPDATE with SKIP
 * LOCKED, so several instances never send the same row), sent and marked, as
 * the mail outbox does (modules/mail/repo/outbox.ts).
 */
import type { FailureOutcome } from '../../mail/index.ts';
import type { Queryable } from '../../../platform/db/db.ts';
import { webhookBody, wantsEvent, type WebhookEvent } from '../calc/payload.ts';
import { releaseAt, URGENT_KINDS } from '../calc/quiet-hours.ts';
import { toDestination, type DestinationRow, type WebhookDestination } from './destinations.ts';

export interface OutboxDelivery {
  id: number;
  /** The event it tells of (null only for rows whose event is gone). */
  eventId: number | null;
  destination: WebhookDestination;
  body: string;
  attempts: number;
}

interface EventRow {
  id: number | string;
  factory_id: number;
  kind: string;
  target: string;
  title_en: string;
  desc_en: string;
  title_zh: string;
  desc_zh: string;
  value: number | null;
  opened_at: Date | string;
  node_id: number | null;
  node_name: string | null;
  node_ch_name: string | null;
  factory_name: string;
  factory_name_zh: string;
  time_zone: string;
}

const toEvent = (row: EventRow): WebhookEvent => ({
  eventId: Number(row.id),
  kind: row.kind,
  target: row.target,
  titleEn: row.title_en,
  descEn: row.desc_en,
  titleZh: row.title_zh,
  descZh: row.desc_zh,
  value: row.value,
  openedAt: new Date(row.opened_at),
  node:
    row.node_id !== null && row.node_name !== null && row.node_ch_name !== null
      ? { id: row.node_id, name: row.node_name, chName: row.node_ch_name }
      : null,
  factory: { id: row.factory_id, name: row.factory_name, nameZh: row.factory_name_zh },
});

async function loadEvent(tx: Queryable, eventId: number): Promise<EventRow | undefined> {
  const events = await tx.query<EventRow>(
    `SELECT e.id, e.factory_id, e.kind, e.target, e.title_en, e.desc_en, e.title_zh, e.desc_zh,
            e.value, e.opened_at, n.id AS node_id, n.name AS node_name, n.ch_name AS node_ch_name,
            f.name AS factory_name, f.name_zh AS factory_name_zh, f.time_zone
       FROM events e
       JOIN factories f ON f.id = e.factory_id
       LEFT JOIN nodes n ON n.id = e.node_id AND n.factory_id = e.factory_id
      WHERE e.id = $1`,
    [eventId],
  );
  return events[0];
}

/**
 * One outbox row for an event and a destination, due at once or when the
 * destination's quiet hours end (escalations and urgent kinds never wait).
 * An escalation row is unique per event and destination: false when it was
 * queued before.
 */
async function insertDelivery(
  tx: Queryable,
  row: EventRow,
  destination: WebhookDestination,
  now: Date,
  escalation: boolean,
): Promise<boolean> {
  const event = toEvent(row);
  const urgent = escalation || URGENT_KINDS.has(event.kind);
  const due = releaseAt(now.getTime(), destination.quietHours, row.time_zone, urgent);
  // The row's id is the delivery's idempotency key, so it is taken before the body is made.
  const [{ id }] = (await tx.query<{ id: string | number }>(
    "SELECT nextval(pg_get_serial_sequence('webhook_outbox', 'id')) AS id",
  )) as [{ id: string | number }];
  const body = webhookBody(
    { format: destination.format, telegramChatId: destination.chatId, chatId: destination.chatId },
    event,
    `wattboard-${id}`,
    // The clear link goes in when it is sent (calc/clear-link.ts).
    true,
  );
  const inserted = await tx.query<{ id: string | number }>(
    `INSERT INTO webhook_outbox (id, factory_id, destination_id, event_id, body, next_attempt_at,
                                 escalation)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (factory_id, destination_id, event_id) WHERE escalation DO NOTHING
     RETURNING id`,
    [id, row.factory_id, destination.id, event.eventId, body, new Date(due), escalation],
  );
  return inserted.length > 0;
}

/**
 * Call INSIDE the transaction that opened the event: one delivery per enabled
 * destination of its factory that wants its kind, escalation destinations
 * aside (they get it later, from the escalation check), and a LINE
 * destination no chat has bound yet aside (decision 0076: nothing piles up
 * for it). Returns how many.
 */
export async function queueEventWebhooks(
  tx: Queryable,
  eventId: number,
  now = new Date(),
): Promise<number> {
  const row = await loadEvent(tx, eventId);
  if (!row) return 0;
  const destinations = await tx.query<DestinationRow>(
    `SELECT * FROM webhook_destinations
      WHERE factory_id = $1 AND enabled AND escalate_after_minutes IS NULL
        AND (format <> 'line' OR chat_id IS NOT NULL)
      ORDER BY id`,
    [row.factory_id],
  );
  let queued = 0;
  for (const destination of destinations.map(toDestination)) {
    if (!wantsEvent(destination, row.kind)) continue;
    if (await insertDelivery(tx, row, destination, now, false)) queued += 1;
  }
  return queued;
}

/** Queues an event to an escalation destination, once: false when it was already queued. */
export async function queueEscalation(
  tx: Queryable,
  eventId: number,
  destination: WebhookDestination,
  now: Date,
): Promise<boolean> {
  const row = await loadEvent(tx, eventId);
  if (!row || row.factory_id !== destination.factoryId) return false;
  return insertDelivery(tx, row, destination, now, true);
}

type ClaimRow = DestinationRow & {
  outbox_id: number | string;
  event_id: number | string | null;
  body: string;
  attempts: number;
};

/**
 * Claims the next due delivery: pending and due, or stuck in `sending` past
 * its lock (its worker stopped mid-send: sent again, at least once). Null
 * when nothing is due.
 */
export async function claimNextDelivery(
  db: Queryable,
  now: Date,
  lockedUntil: Date,
): Promise<OutboxDelivery | null> {
  const rows = await db.query<ClaimRow>(
    `WITH claimed AS (
       UPDATE webhook_outbox SET status = 'sending', locked_until = $2
        WHERE id = (
          SELECT id FROM webhook_outbox
           WHERE (status = 'pending' AND next_attempt_at <= $1)
              OR (status = 'sending' AND locked_until <= $1)
           ORDER BY next_attempt_at, id
           LIMIT 1
           FOR UPDATE SKIP LOCKED)
       RETURNING id, event_id, body, attempts, destination_id, factory_id)
     SELECT w.*, c.id AS outbox_id, c.event_id, c.body, c.attempts
       FROM claimed c
       JOIN webhook_destinations w ON w.id = c.destination_id AND w.factory_id = c.factory_id`,
    [now, lockedUntil],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.outbox_id),
    eventId: row.event_id === null ? null : Number(row.event_id),
    body: row.body,
    attempts: Number(row.attempts),
    destination: toDestination(row),
  };
}

/** The receiver answered 2xx: never sent again. */
export async function markDeliverySent(db: Queryable, id: number, sentAt: Date): Promise<void> {
  await db.query(
    `UPDATE webhook_outbox SET status = 'sent', sent_at = $2, locked_until = NULL
      WHERE id = $1 AND status = 'sending'`,
    [id, sentAt],
  );
}

const MAX_ERROR_LENGTH = 1000;

/** A failed attempt: back to pending with the next attempt time, or failed for good. */
export async function markDeliveryFailed(
  db: Queryable,
  id: number,
  outcome: FailureOutcome,
  error: string,
): Promise<void> {
  await db.query(
    `UPDATE webhook_outbox
        SET status = $2, attempts = $3, next_attempt_at = COALESCE($4, next_attempt_at),
            locked_until = NULL, last_error = $5
      WHERE id = $1 AND status = 'sending'`,
    [
      id,
      outcome.status,
      outcome.attempts,
      outcome.status === 'pending' ? outcome.nextAttemptAt : null,
      error.slice(0, MAX_ERROR_LENGTH),
    ],
  );
}
