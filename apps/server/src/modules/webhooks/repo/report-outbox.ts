/**
 * Report deliveries in the webhook outbox (decision 0083): one row per
 * enabled destination of the factory that takes reports, queued in the
 * report's own transaction, so a report run that rolls back (another
 * instance sent the period first) queues nothing, and one that commits
 * queues each destination exactly once. The worker sends them like event
 * deliveries (no event: no clear link).
 */
import type { Queryable } from '../../../platform/db/db.ts';
import { releaseAt } from '../calc/quiet-hours.ts';
import { reportTitle, reportWebhookBody, type WebhookReport } from '../calc/report-message.ts';
import { toDestination, type DestinationRow } from './destinations.ts';

/**
 * The factory's destinations a report goes to: enabled, `reports` on, and
 * (LINE) with a chat bound. An escalation destination is included when its
 * `reports` box is on: escalation is about open alarms, a report is not one,
 * and the box was ticked on purpose.
 */
async function reportDestinations(db: Queryable, factoryId: number) {
  const rows = await db.query<DestinationRow>(
    `SELECT * FROM webhook_destinations
      WHERE factory_id = $1 AND enabled AND reports
        AND (format <> 'line' OR chat_id IS NOT NULL)
      ORDER BY id`,
    [factoryId],
  );
  return rows.map(toDestination);
}

/** How many destinations a report of the factory would go to now. */
export async function countReportDestinations(db: Queryable, factoryId: number): Promise<number> {
  return (await reportDestinations(db, factoryId)).length;
}

/**
 * Call INSIDE the report's transaction. Reports are not urgent: during a
 * destination's quiet hours the row waits until they end, as offline meters
 * do (decision 0072). Returns how many were queued.
 */
export async function queueReportWebhooks(
  tx: Queryable,
  report: WebhookReport,
  timeZone: string,
  now: Date,
): Promise<number> {
  const title = reportTitle(report);
  let queued = 0;
  for (const destination of await reportDestinations(tx, report.factory.id)) {
    const due = releaseAt(now.getTime(), destination.quietHours, timeZone, false);
    // The row's id is the delivery's idempotency key, so it is taken before the body is made.
    const [{ id }] = (await tx.query<{ id: string | number }>(
      "SELECT nextval(pg_get_serial_sequence('webhook_outbox', 'id')) AS id",
    )) as [{ id: string | number }];
    const body = reportWebhookBody(
      {
        format: destination.format,
        telegramChatId: destination.chatId,
        chatId: destination.chatId,
      },
      report,
      `wattboard-${id}`,
    );
    await tx.query(
      `INSERT INTO webhook_outbox (id, factory_id, destination_id, event_id, body, next_attempt_at,
                                   subject_en, subject_zh)
       VALUES ($1, $2, $3, NULL, $4, $5, $6, $7)`,
      [id, report.factory.id, destination.id, body, new Date(due), title.en, title.zh],
    );
    queued += 1;
  }
  return queued;
}
