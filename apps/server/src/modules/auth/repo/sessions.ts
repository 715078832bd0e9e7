import type { UserRole } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';

/** A session with its user and factory, as the auth check reads it. */
export interface SessionRow {
  user_id: number;
  email: string;
  username: string;
  factory_id: number;
  factory_name: string;
  factory_name_zh: string;
  time_zone: string;
  expires_at: Date;
  revoked_at: Date | null;
  must_change_password: boolean;
  role: UserRole;
}

/** The session stored under this token hash, live or not (the caller decides). */
export async function findSessionRow(
  db: Queryable,
  tokenHash: string,
): Promise<SessionRow | undefined> {
  const rows = await db.query<SessionRow>(
    `SELECT s.user_id, u.email, u.username, s.factory_id, f.name AS factory_name,
            f.name_zh AS factory_name_zh, f.time_zone, s.expires_at, s.revoked_at,
            u.must_change_password, m.role
       FROM sessions s
       JOIN users u ON u.id = s.user_id
       -- The role of the factory the session looks at (migration 042); the
       -- sessions' foreign key makes the membership exist.
       JOIN factory_memberships m ON m.factory_id = s.factory_id AND m.user_id = s.user_id
       JOIN factories f ON f.id = s.factory_id
      WHERE s.token_hash = $1`,
    [tokenHash],
  );
  return rows[0];
}

/** A user as sign-in checks it. */
export interface SignInUserRow {
  id: number;
  factory_id: number;
  email: string;
  username: string;
  password_hash: string;
  disabled_at: Date | null;
}

export async function findUserByEmail(
  db: Queryable,
  email: string,
): Promise<SignInUserRow | undefined> {
  const rows = await db.query<SignInUserRow>(
    'SELECT id, factory_id, email, username, password_hash, disabled_at FROM users WHERE email = $1',
    [email],
  );
  return rows[0];
}

export interface NewSession {
  tokenHash: string;
  factoryId: number;
  userId: number;
  expiresAt: Date;
}

/** Stores a new session; a user's sessions dead for 30 days go at the same time (housekeeping). */
export async function insertSession(tx: Queryable, session: NewSession): Promise<void> {
  await tx.query(
    "DELETE FROM sessions WHERE user_id = $1 AND expires_at < now() - interval '30 days'",
    [session.userId],
  );
  await tx.query(
    'INSERT INTO sessions (token_hash, factory_id, user_id, expires_at) VALUES ($1, $2, $3, $4)',
    [session.tokenHash, session.factoryId, session.userId, session.expiresAt],
  );
}

/** Signs one session out (the user's others stay). */
export async function revokeSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query(
    'UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL',
    [tokenHash],
  );
}
