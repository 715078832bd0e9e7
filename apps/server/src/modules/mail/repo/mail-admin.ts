import type { AdminMail, MailStatus } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { SqlFilter } from '../../../platform/db/day-range.ts';

interface MailRow {
  id: number | string;
  to_address: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  event_id: number | string | null;
  created_at: Date;
  next_attempt_at: Date;
  sent_at: Date | null;
}

const COLUMNS = `id, to_address, subject, status, attempts, last_error, event_id, created_at,
  next_attempt_at, sent_at`;

function toAdminMail(row: MailRow): AdminMail {
  return {
    id: Number(row.id),
    toAddress: row.to_address,
    subject: row.subject,
    status: row.status,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    eventId: row.event_id === null ? null : Number(row.event_id),
    createdAt: new Date(row.created_at).toISOString(),
    nextAttemptAt: new Date(row.next_attempt_at).toISOString(),
    sentAt: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
  };
}

/** One page of the factory's outbox, newest first. */
export async function listMail(
  db: Queryable,
  factoryId: number,
  status: MailStatus | undefined,
  page: { limit: number; beforeId?: number | undefined },
): Promise<{ mails: AdminMail[]; nextBeforeId: number | null }> {
  const where = new SqlFilter().add('factory_id = ?', factoryId);
  if (status !== undefined) where.add('status = ?', status);
  if (page.beforeId !== undefined) where.add('id < ?', page.beforeId);
  const limit = where.param(page.limit + 1);
  const rows = await db.query<MailRow>(
    `SELECT ${COLUMNS} FROM mail_outbox WHERE ${where.where} ORDER BY id DESC LIMIT ${limit}`,
    where.params,
  );
  const mails = rows.slice(0, page.limit).map(toAdminMail);
  return {
    mails,
    nextBeforeId: rows.length > page.limit ? (mails.at(-1)?.id ?? null) : null,
  };
}

export async function findMail(
  db: Queryable,
  factoryId: number,
  id: number,
): Promise<AdminMail | null> {
  const rows = await db.query<MailRow>(
    `SELECT ${COLUMNS} FROM mail_outbox WHERE factory_id = $1 AND id = $2`,
    [factoryId, id],
  );
  return rows[0] ? toAdminMail(rows[0]) : null;
}

/** A failed mail back in the queue, due now, attempts from zero; null unless it was failed. */
export async function requeueFailedMail(
  db: Queryable,
  factoryId: number,
  id: number,
): Promise<AdminMail | null> {
  const rows = await db.query<MailRow>(
    `UPDATE mail_outbox SET status = 'pending', attempts = 0, next_attempt_at = now(),
            locked_until = NULL
      WHERE factory_id = $1 AND id = $2 AND status = 'failed' RETURNING ${COLUMNS}`,
    [factoryId, id],
  );
  return rows[0] ? toAdminMail(rows[0]) : null;
}
