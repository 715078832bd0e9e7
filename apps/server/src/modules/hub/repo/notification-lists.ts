import { MAX_NOTIFICATIONS } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';

/** An events row as the notification lists read it. */
export interface EventRow {
  id: number | string;
  title_en: string;
  desc_en: string;
  title_zh: string;
  desc_zh: string;
  opened_at: Date | string;
  state: string;
}

/** Select these columns to build an EventRow. */
export const EVENT_ROW_COLUMNS = 'id, title_en, desc_en, title_zh, desc_zh, opened_at, state';

/** An abnormal event on the wire (contract alertListItem): English titleText/descText, Chinese title/desc. */
export interface AlertListItemWire {
  id: number;
  titleText: string;
  descText: string;
  title: string;
  desc: string;
  time: string;
  state: string;
}

/** An announcement on the wire (contract announcementListItem). */
export interface AnnouncementListItemWire {
  id: number;
  content: string;
  time: string;
}

export interface NotificationLists {
  alertList: AlertListItemWire[];
  announcementList: AnnouncementListItemWire[];
}

function isoTime(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** The wire form of an event (bigint ids arrive as strings from node-postgres). */
export function alertItemFromEvent(row: EventRow): AlertListItemWire {
  return {
    id: Number(row.id),
    titleText: row.title_en,
    descText: row.desc_en,
    title: row.title_zh,
    desc: row.desc_zh,
    time: isoTime(row.opened_at),
    state: row.state,
  };
}

interface AnnouncementRow {
  id: number | string;
  content: string;
  dt_start: Date | string;
}

/**
 * The factory's latest lists: its newest events, and the newest
 * announcements for it or for everyone that have started, at most 20 each,
 * newest first.
 */
export async function loadNotificationLists(
  db: Queryable,
  factoryId: number,
  now: Date = new Date(),
): Promise<NotificationLists> {
  const [events, announcements] = await Promise.all([
    db.query<EventRow>(
      `SELECT ${EVENT_ROW_COLUMNS} FROM events
        WHERE factory_id = $1 ORDER BY opened_at DESC, id DESC LIMIT $2`,
      [factoryId, MAX_NOTIFICATIONS],
    ),
    db.query<AnnouncementRow>(
      `SELECT id, content, dt_start FROM announcements
        WHERE (factory_id = $1 OR factory_id IS NULL) AND dt_start <= $2
        ORDER BY dt_start DESC, id DESC LIMIT $3`,
      [factoryId, now, MAX_NOTIFICATIONS],
    ),
  ]);
  return {
    alertList: events.map(alertItemFromEvent),
    announcementList: announcements.map((row) => ({
      id: Number(row.id),
      content: row.content,
      time: isoTime(row.dt_start),
    })),
  };
}
