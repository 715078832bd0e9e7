import type { Queryable } from '../../../platform/db/db.ts';
import { renderEventMail, type EventMailInput } from '../event-mail.ts';

interface EventMailRow {
  id: number | string;
  factory_id: number;
  kind: string;
  target: string;
  title_en: string;
  desc_en: string;
  title_zh: string;
  desc_zh: string;
  value: number | null;
  threshold_low: number | null;
  threshold_high: number | null;
  opened_at: Date | string;
  node_name: string | null;
  node_ch_name: string | null;
  factory_name: string;
  factory_name_zh: string;
  time_zone: string;
}

function eventMailInput(row: EventMailRow): EventMailInput {
  return {
    eventId: Number(row.id),
    kind: row.kind,
    target: row.target,
    titleEn: row.title_en,
    descEn: row.desc_en,
    titleZh: row.title_zh,
    descZh: row.desc_zh,
    value: row.value,
    thresholdLow: row.threshold_low,
    thresholdHigh: row.threshold_high,
    openedAt: new Date(row.opened_at),
    node:
      row.node_name !== null && row.node_ch_name !== null
        ? { name: row.node_name, chName: row.node_ch_name }
        : null,
    factory: { name: row.factory_name, nameZh: row.factory_name_zh, timeZone: row.time_zone },
  };
}

/**
 * Call INSIDE the transaction that created the event: one outbox row per
 * receiver of the event's factory whose status is 'on' (bilingual subject and
 * body, factory-local time). The worker sends them after the commit; a
 * rollback takes them away with the event. Returns how many rows were queued.
 */
export async function queueEventMail(tx: Queryable, eventId: number): Promise<number> {
  const rows = await tx.query<EventMailRow>(
    `SELECT e.id, e.factory_id, e.kind, e.target, e.title_en, e.desc_en, e.title_zh, e.desc_zh,
            e.value, e.threshold_low, e.threshold_high, e.opened_at,
            n.name AS node_name, n.ch_name AS node_ch_name,
            f.name AS factory_name, f.name_zh AS factory_name_zh, f.time_zone
       FROM events e
       JOIN factories f ON f.id = e.factory_id
       LEFT JOIN nodes n ON n.id = e.node_id AND n.factory_id = e.factory_id
      WHERE e.id = $1`,
    [eventId],
  );
  const event = rows[0];
  if (!event) throw new Error(`queueEventMail: event ${eventId} does not exist`);
  const mail = renderEventMail(eventMailInput(event));
  const queued = await tx.query(
    `INSERT INTO mail_outbox (factory_id, event_id, to_address, subject, body_text, body_html)
     SELECT factory_id, $2, email, $3, $4, $5
       FROM email_receivers
      WHERE factory_id = $1 AND status = 'on' AND ($6::text <> 'demand' OR demand_mail)
      ORDER BY sort_order, id
     RETURNING id`,
    // The demand warning (issue #15) goes only to receivers that chose it.
    [event.factory_id, eventId, mail.subject, mail.text, mail.html, event.kind],
  );
  return queued.length;
}
