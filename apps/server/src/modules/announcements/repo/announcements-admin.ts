import type { AdminAnnouncement, AnnouncementState } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { announcementStateAt } from '../announcement-state.ts';

interface AnnouncementRow {
  id: number | string;
  factory_id: number | null;
  title: string;
  content: string;
  is_important: boolean;
  dt_start: Date;
  dt_end: Date;
  created_by_name: string | null;
  created_at: Date;
}

const SELECT = `SELECT a.id, a.factory_id, a.title, a.content, a.is_important, a.dt_start, a.dt_end,
       u.username AS created_by_name, a.created_at
  FROM announcements a LEFT JOIN users u ON u.id = a.created_by`;

export const ANNOUNCEMENT_LIST_MAX = 200;

function toAdminAnnouncement(row: AnnouncementRow, now: Date): AdminAnnouncement {
  const start = new Date(row.dt_start);
  const end = new Date(row.dt_end);
  return {
    id: Number(row.id),
    title: row.title,
    content: row.content,
    isImportant: row.is_important,
    dtStart: start.toISOString(),
    dtEnd: end.toISOString(),
    state: announcementStateAt(start, end, now),
    platformWide: row.factory_id === null,
    createdBy: row.created_by_name,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const STATE_SQL: Record<AnnouncementState, string> = {
  scheduled: 'a.dt_start > $2',
  active: 'a.dt_start <= $2 AND a.dt_end > $2',
  ended: 'a.dt_end <= $2',
};

/** The factory's and the platform's announcements, newest start first. */
export async function listAnnouncements(
  db: Queryable,
  factoryId: number,
  state: AnnouncementState | undefined,
  now: Date,
): Promise<AdminAnnouncement[]> {
  const rows = await db.query<AnnouncementRow>(
    `${SELECT} WHERE (a.factory_id = $1 OR a.factory_id IS NULL)
        AND ${state ? STATE_SQL[state] : '$2::timestamptz IS NOT NULL'}
      ORDER BY a.dt_start DESC, a.id DESC LIMIT ${ANNOUNCEMENT_LIST_MAX}`,
    [factoryId, now],
  );
  return rows.map((row) => toAdminAnnouncement(row, now));
}

/** One announcement the factory can see (its own or platform-wide), or null. */
export async function findAnnouncement(
  db: Queryable,
  factoryId: number,
  id: number,
  now: Date,
): Promise<AdminAnnouncement | null> {
  const rows = await db.query<AnnouncementRow>(
    `${SELECT} WHERE a.id = $2 AND (a.factory_id = $1 OR a.factory_id IS NULL)`,
    [factoryId, id],
  );
  return rows[0] ? toAdminAnnouncement(rows[0], now) : null;
}

export async function setAnnouncementPeriod(
  db: Queryable,
  id: number,
  period: { start: Date; end: Date },
): Promise<void> {
  await db.query('UPDATE announcements SET dt_start = $2, dt_end = $3 WHERE id = $1', [
    id,
    period.start,
    period.end,
  ]);
}
