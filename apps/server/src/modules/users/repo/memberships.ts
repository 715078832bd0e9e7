import type { Queryable } from '../../../platform/db/db.ts';
import type { UserRole } from '@wattboard/contract';

/** One factory a person belongs to, with their stored role there. */
export interface MembershipRow {
  factory_id: number;
  name: string;
  name_zh: string;
  role: UserRole;
}

/** Every factory the person belongs to, home first, then by name. */
export async function membershipsOf(db: Queryable, userId: number): Promise<MembershipRow[]> {
  return db.query<MembershipRow>(
    `SELECT m.factory_id, f.name, f.name_zh, m.role
       FROM factory_memberships m
       JOIN factories f ON f.id = m.factory_id
       JOIN users u ON u.id = m.user_id
      WHERE m.user_id = $1
      ORDER BY (m.factory_id = u.factory_id) DESC, lower(f.name), m.factory_id`,
    [userId],
  );
}

/** The person's membership of this factory, or undefined when they do not belong to it. */
export async function membershipOf(
  db: Queryable,
  userId: number,
  factoryId: number,
): Promise<MembershipRow | undefined> {
  const rows = await db.query<MembershipRow>(
    `SELECT m.factory_id, f.name, f.name_zh, m.role
       FROM factory_memberships m JOIN factories f ON f.id = m.factory_id
      WHERE m.user_id = $1 AND m.factory_id = $2
      FOR SHARE OF m`,
    [userId, factoryId],
  );
  return rows[0];
}

/**
 * Points a live session at another factory. The sessions' foreign key to the
 * memberships refuses a factory the person does not belong to. Returns
 * whether the session was live.
 */
export async function moveSession(
  db: Queryable,
  tokenHash: string,
  factoryId: number,
): Promise<boolean> {
  const rows = await db.query<{ token_hash: string }>(
    `UPDATE sessions SET factory_id = $2
      WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
      RETURNING token_hash`,
    [tokenHash, factoryId],
  );
  return rows.length === 1;
}

/** A person found by e-mail, anywhere: who the Admin page may add to its factory. */
export interface PersonRow {
  id: number;
  factory_id: number;
  username: string;
}

export async function personByEmail(db: Queryable, email: string): Promise<PersonRow | undefined> {
  const rows = await db.query<PersonRow>(
    'SELECT id, factory_id, username FROM users WHERE email = $1',
    [email],
  );
  return rows[0];
}

/** Adds a membership; false when the person already has one in this factory. */
export async function insertMembership(
  db: Queryable,
  factoryId: number,
  userId: number,
  role: UserRole,
): Promise<boolean> {
  const rows = await db.query<{ user_id: number }>(
    `INSERT INTO factory_memberships (factory_id, user_id, role) VALUES ($1, $2, $3)
     ON CONFLICT (factory_id, user_id) DO NOTHING RETURNING user_id`,
    [factoryId, userId, role],
  );
  return rows.length === 1;
}

/**
 * Ends a membership: the person's live sessions looking at this factory are
 * revoked (their token hashes returned, to close their live connections),
 * then the membership goes, and with it those sessions' rows (foreign key).
 */
export async function deleteMembership(
  db: Queryable,
  factoryId: number,
  userId: number,
): Promise<string[]> {
  const revoked = await db.query<{ token_hash: string }>(
    `UPDATE sessions SET revoked_at = now()
      WHERE factory_id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now()
      RETURNING token_hash`,
    [factoryId, userId],
  );
  await db.query('DELETE FROM factory_memberships WHERE factory_id = $1 AND user_id = $2', [
    factoryId,
    userId,
  ]);
  return revoked.map((row) => row.token_hash);
}
