import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../../platform/db/db.ts';

/** server_secrets row holding the key that signs report download links. */
export const DOWNLOAD_SECRET_NAME = 'report-download-link';

/** The download-link key shared by every instance on this database (created by the first). */
export async function loadDownloadSecret(db: Queryable): Promise<string> {
  await db.query(
    `INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
    [DOWNLOAD_SECRET_NAME, randomBytes(32).toString('base64url')],
  );
  const rows = await db.query<{ value: string }>(
    'SELECT value FROM server_secrets WHERE name = $1',
    [DOWNLOAD_SECRET_NAME],
  );
  const value = rows[0]?.value;
  if (!value) throw new Error('The download-link secret could not be stored');
  return value;
}

export interface LinkSession {
  userId: number;
  factoryId: number;
  timeZone: string;
}

/** The live session (not signed out, not expired) a link was made in, or null. */
export async function liveSessionByHash(
  db: Queryable,
  tokenHash: string,
  now: number,
): Promise<LinkSession | null> {
  const rows = await db.query<{ user_id: number; factory_id: number; time_zone: string }>(
    `SELECT s.user_id, s.factory_id, f.time_zone
       FROM sessions s JOIN factories f ON f.id = s.factory_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2::timestamptz`,
    [tokenHash, new Date(now).toISOString()],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, factoryId: row.factory_id, timeZone: row.time_zone } : null;
}
