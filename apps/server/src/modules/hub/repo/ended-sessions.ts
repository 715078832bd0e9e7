import type { Queryable } from '../../../platform/db/db.ts';

interface Connection {
  tokenHash: string;
  factoryId: number;
}

/**
 * Which of these connections have lost their session: it is signed out,
 * expired or deleted, or now looks at another factory than the connection
 * was opened for (a factory switch, decision 0089). Keep in step with
 * findSession (modules/auth/plugin.ts).
 */
export async function endedSessions(
  db: Queryable,
  connections: readonly Connection[],
  now: number,
): Promise<(connection: Connection) => boolean> {
  if (connections.length === 0) return () => false;
  const hashes = [...new Set(connections.map((connection) => connection.tokenHash))];
  const live = await db.query<{ token_hash: string; factory_id: number }>(
    `SELECT token_hash, factory_id FROM sessions
      WHERE token_hash = ANY($1::text[]) AND revoked_at IS NULL AND expires_at > $2`,
    [hashes, new Date(now)],
  );
  const factoryOf = new Map(live.map((row) => [row.token_hash, row.factory_id]));
  return (connection) => factoryOf.get(connection.tokenHash) !== connection.factoryId;
}
