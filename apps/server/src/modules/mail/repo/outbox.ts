/**
 * The mail_outbox table (migration 001): rows are queued inside the
 * transaction that decides a mail is due, then claimed, sent and marked by the
 * worker. Claiming is one atomic UPDATE with SKIP LOCKED, so several server
 * instances on one PostgreSQL never send the same row.
 */
import type { Queryable } from '../../../platform/db/db.ts';
import type { FailureOutcome } from '../backoff.ts';
import type { RenderedMail } from '../mail-document.ts';
import { loadMailAttachments, type MailAttachment } from './attachments.ts';

export interface OutboxMail {
  id: number;
  factoryId: number | null;
  /** The alarm a mail is about (its clear link); null for other mail. */
  eventId: number | null;
  toAddress: string;
  subject: string;
  bodyText: string;
  bodyHtml: string | null;
  /** Failed attempts so far. */
  attempts: number;
  /** Files sent with the mail (scheduled reports); empty for most mail. */
  attachments: MailAttachment[];
}

interface OutboxRow {
  id: number | string;
  factory_id: number | null;
  event_id: number | string | null;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number;
  attachment_id: number | string | null;
}

export interface QueuedMail {
  factoryId: number;
  eventId: number | null;
  toAddress: string;
  mail: RenderedMail;
  /** A file stored with insertMailAttachment. */
  attachmentId?: number | null;
}

/** Queues one mail (in the caller's transaction); returns its outbox id. */
export async function insertOutboxMail(tx: Queryable, queued: QueuedMail): Promise<number> {
  const rows = await tx.query<{ id: number | string }>(
    `INSERT INTO mail_outbox (factory_id, event_id, to_address, subject, body_text, body_html,
                              attachment_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      queued.factoryId,
      queued.eventId,
      queued.toAddress,
      queued.mail.subject,
      queued.mail.text,
      queued.mail.html,
      queued.attachmentId ?? null,
    ],
  );
  // node-postgres returns bigint as a string; PGlite as a number.
  return Number(rows[0]?.id);
}

/**
 * Claims the next due row: pending and due, or stuck in `sending` past its
 * lock (its worker crashed mid-send, so it is sent again: at least once).
 * The row stays `sending` until lockedUntil; null when nothing is due.
 */
export async function claimNextDueMail(
  db: Queryable,
  now: Date,
  lockedUntil: Date,
): Promise<OutboxMail | null> {
  const rows = await db.query<OutboxRow>(
    `UPDATE mail_outbox
        SET status = 'sending', locked_until = $2
      WHERE id = (
        SELECT id FROM mail_outbox
         WHERE (status = 'pending' AND next_attempt_at <= $1)
            OR (status = 'sending' AND locked_until <= $1)
         ORDER BY next_attempt_at, id
         LIMIT 1
         FOR UPDATE SKIP LOCKED)
      RETURNING id, factory_id, event_id, to_address, subject, body_text, body_html, attempts,
                attachment_id`,
    [now, lockedUntil],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    factoryId: row.factory_id,
    eventId: row.event_id === null ? null : Number(row.event_id),
    toAddress: row.to_address,
    subject: row.subject,
    bodyText: row.body_text,
    bodyHtml: row.body_html,
    attempts: Number(row.attempts),
    attachments: await loadMailAttachments(
      db,
      row.attachment_id === null ? null : Number(row.attachment_id),
    ),
  };
}

/** The transport accepted the mail: it is never sent again. */
export async function markMailSent(db: Queryable, id: number, sentAt: Date): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET status = 'sent', sent_at = $2, locked_until = NULL
      WHERE id = $1 AND status = 'sending'`,
    [id, sentAt],
  );
}

/** Errors can be long (SMTP transcripts); the row keeps enough to diagnose. */
const MAX_ERROR_LENGTH = 1000;

/** Records a failed attempt: back to pending with the next attempt time, or failed for good. */
export async function markMailAttemptFailed(
  db: Queryable,
  id: number,
  outcome: FailureOutcome,
  error: string,
): Promise<void> {
  await db.query(
    `UPDATE mail_outbox
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
