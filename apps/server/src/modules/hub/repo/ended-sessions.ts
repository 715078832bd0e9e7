import type { Queryable } from '../../../platform/db/db.ts';

/**
 * The token hashes among these whose session is no longer live: signed out,
 * expired or deleted. Keep in step with findSession (modules/auth/plugin.ts).
 */
export async function endedSessions(
  db: Queryable,
  tokenHashes: readonly string[],
  now: number,
): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const live = await db.query<{ token_hash: string }>(
    `SELECT token_hash FROM sessions
      WHERE token_hash = ANY($1::text[]) AND revoked_at IS NULL AND expires_at > $2`,
    [tokenHashes, new Date(now)],
  );
  const liveSet = new Set(live.map((row) => row.token_hash));
  return new Set(tokenHashes.filter((hash) => !liveSet.has(hash)));
}
