import type { Announcement } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';

interface AnnouncementRow {
  id: number | string;
  content: string;
  dt_start: Date;
}

/** The banner's shape: `text` is the content, `published_date` the start. */
export function announcementWire(row: AnnouncementRow): Announcement {
  return {
    id: Number(row.id),
    text: row.content,
    published_date: new Date(row.dt_start).toISOString(),
  };
}

/**
 * The newest announcement active at `now` (dt_start <= now < dt_end):
 * platform-wide ones (no factory) always count; the factory's own only when
 * a factory is given (the caller is signed in). Null when none.
 */
export async function findLatestActiveAnnouncement(
  db: Queryable,
  factoryId: number | null,
  now: Date,
): Promise<Announcement | null> {
  const rows = await db.query<AnnouncementRow>(
    `SELECT id, content, dt_start FROM announcements
      WHERE (factory_id IS NULL OR factory_id = $1)
        AND dt_start <= $2 AND dt_end > $2
      ORDER BY dt_start DESC, id DESC
      LIMIT 1`,
    [factoryId, now],
  );
  return rows[0] ? announcementWire(rows[0]) : null;
}

export interface NewAnnouncement {
  factoryId: number;
  createdBy: number;
  title: string;
  content: string;
  isImportant: boolean;
  start: Date;
  end: Date;
}

export async function insertAnnouncement(
  db: Queryable,
  input: NewAnnouncement,
): Promise<Announcement> {
  const rows = await db.query<AnnouncementRow>(
    `INSERT INTO announcements (factory_id, title, content, is_important, dt_start, dt_end, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING id, content, dt_start`,
    [
      input.factoryId,
      input.title,
      input.content,
      input.isImportant,
      input.start,
      input.end,
      input.createdBy,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('inserting the announcement returned no row');
  return announcementWire(row);
}
