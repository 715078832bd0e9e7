import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../../platform/db/db.ts';

/** server_secrets row holding the key that signs hub connection tokens. */
export const HUB_SECRET_NAME = 'hub-connection-token';

/**
 * The connection-token key shared by every instance on this database: created
 * by whichever instance gets there first. A racing instance's insert does
 * nothing (the primary key waits for the winner's commit), and both read back
 * the winner's value.
 */
export async function loadHubSecret(db: Queryable): Promise<string> {
  await db.query(
    `INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
    [HUB_SECRET_NAME, randomBytes(32).toString('base64url')],
  );
  const rows = await db.query<{ value: string }>(
    'SELECT value FROM server_secrets WHERE name = $1',
    [HUB_SECRET_NAME],
  );
  const value = rows[0]?.value;
  if (!value) throw new Error('The hub secret could not be stored');
  return value;
}
