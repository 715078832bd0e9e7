import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../../platform/db/db.ts';

/** server_secrets row holding the key that signs alarm clear links. */
export const CLEAR_LINK_SECRET_NAME = 'alarm-clear-link';

/** The clear-link key shared by every instance on this database (created by the first). */
export async function loadClearLinkSecret(db: Queryable): Promise<string> {
  await db.query(
    `INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
    [CLEAR_LINK_SECRET_NAME, randomBytes(32).toString('base64url')],
  );
  const rows = await db.query<{ value: string }>(
    'SELECT value FROM server_secrets WHERE name = $1',
    [CLEAR_LINK_SECRET_NAME],
  );
  const value = rows[0]?.value;
  if (!value) throw new Error('The clear-link secret could not be stored');
  return value;
}

/**
 * Records the link's use; false when it was used before (single use). In the
 * clear's own transaction, so a failed clear leaves the link usable.
 */
export async function recordLinkUse(
  tx: Queryable,
  use: { factoryId: number; nonce: string; eventId: number; receiver: string; now: Date },
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO alarm_link_uses (factory_id, nonce, event_id, receiver, used_at)
     VALUES ($1, $2, $3, $4, $5::timestamptz)
     ON CONFLICT (factory_id, nonce) DO NOTHING
     RETURNING nonce`,
    [use.factoryId, use.nonce, use.eventId, use.receiver, use.now.toISOString()],
  );
  return rows.length === 1;
}

export async function linkWasUsed(db: Queryable, factoryId: number, nonce: string) {
  const rows = await db.query(
    'SELECT 1 FROM alarm_link_uses WHERE factory_id = $1 AND nonce = $2',
    [factoryId, nonce],
  );
  return rows.length > 0;
}

export interface LinkedEvent {
  titleEn: string;
  titleZh: string;
  nodeName: string | null;
  nodeChName: string | null;
  openedAt: Date;
  resolved: boolean;
  timeZone: string;
}

/** The alarm a link names, in its own factory only; null when there is none. */
export async function linkedEvent(
  db: Queryable,
  factoryId: number,
  eventId: number,
): Promise<LinkedEvent | null> {
  const rows = await db.query<{
    title_en: string;
    title_zh: string;
    node_name: string | null;
    node_ch_name: string | null;
    opened_at: Date | string;
    state: string;
    time_zone: string;
  }>(
    `SELECT e.title_en, e.title_zh, n.name AS node_name, n.ch_name AS node_ch_name,
            e.opened_at, e.state, f.time_zone
       FROM events e
       JOIN factories f ON f.id = e.factory_id
       LEFT JOIN nodes n ON n.id = e.node_id AND n.factory_id = e.factory_id
      WHERE e.factory_id = $1 AND e.id = $2`,
    [factoryId, eventId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    titleEn: row.title_en,
    titleZh: row.title_zh,
    nodeName: row.node_name,
    nodeChName: row.node_ch_name,
    openedAt: new Date(row.opened_at),
    resolved: row.state !== 'unresolved',
    timeZone: row.time_zone,
  };
}
