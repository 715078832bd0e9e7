import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../../platform/db/db.ts';
import { bearerToken, hashToken } from '../../../platform/http/token.ts';

/**
 * The factory of the bearer token's session, for the public latest-
 * announcement calls: a missing, unknown, revoked or expired token is simply
 * no caller (null), never an error, since the call needs no authentication.
 */
export async function optionalCallerFactoryId(
  db: Queryable,
  request: FastifyRequest,
  now: Date,
): Promise<number | null> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  const rows = await db.query<{ factory_id: number }>(
    `SELECT factory_id FROM sessions
      WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2`,
    [hashToken(token), now],
  );
  return rows[0]?.factory_id ?? null;
}
