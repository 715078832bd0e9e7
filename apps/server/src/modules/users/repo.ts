import type { AdminUser, UserRole } from '@wattboard/contract';
import type { Queryable } from '../../platform/db/db.ts';
import { isFactoryAdmin } from '../auth/index.ts';

interface UserRow {
  id: number;
  username: string;
  email: string;
  disabled_at: Date | null;
  must_change_password: boolean;
  role: UserRole;
  last_sign_in_at: Date | null;
  created_at: Date;
}

const COLUMNS =
  'id, username, email, disabled_at, must_change_password, role, last_sign_in_at, created_at';

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    status: row.disabled_at === null ? 'active' : 'disabled',
    isAdmin: isFactoryAdmin(row),
    role: row.role,
    mustChangePassword: row.must_change_password,
    lastSignInAt: iso(row.last_sign_in_at),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function listUsers(db: Queryable, factoryId: number): Promise<AdminUser[]> {
  const rows = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE factory_id = $1 ORDER BY lower(username), id`,
    [factoryId],
  );
  return rows.map(toAdminUser);
}

/** The factory's user, or null (another factory's user is "not found"). */
export async function findUser(
  db: Queryable,
  factoryId: number,
  userId: number,
  lock = false,
): Promise<AdminUser | null> {
  const rows = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE factory_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [factoryId, userId],
  );
  return rows[0] ? toAdminUser(rows[0]) : null;
}

/** What already uses this e-mail (anywhere) or this name (in the factory, any case). */
export async function takenBy(
  db: Queryable,
  factoryId: number,
  email: string,
  username: string,
): Promise<{ email: boolean; username: boolean }> {
  const rows = await db.query<{ what: string }>(
    `SELECT 'email' AS what FROM users WHERE email = $1
     UNION ALL SELECT 'username' FROM users WHERE factory_id = $2 AND lower(username) = lower($3)`,
    [email, factoryId, username],
  );
  const what = new Set(rows.map((row) => row.what));
  return { email: what.has('email'), username: what.has('username') };
}

export async function insertUser(
  db: Queryable,
  input: {
    factoryId: number;
    email: string;
    username: string;
    passwordHash: string;
    role: UserRole;
  },
): Promise<AdminUser> {
  const rows = await db.query<UserRow>(
    `INSERT INTO users (factory_id, email, username, password_hash, must_change_password, role)
     VALUES ($1, $2, $3, $4, true, $5) RETURNING ${COLUMNS}`,
    [input.factoryId, input.email, input.username, input.passwordHash, input.role],
  );
  return toAdminUser(rows[0]!);
}

export async function setUserDisabled(
  db: Queryable,
  userId: number,
  disabled: boolean,
): Promise<AdminUser> {
  const rows = await db.query<UserRow>(
    `UPDATE users SET disabled_at = CASE WHEN $2 THEN COALESCE(disabled_at, now()) END
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [userId, disabled],
  );
  return toAdminUser(rows[0]!);
}

export async function setUserRole(
  db: Queryable,
  userId: number,
  role: UserRole,
): Promise<AdminUser> {
  const rows = await db.query<UserRow>(
    `UPDATE users SET role = $2 WHERE id = $1 RETURNING ${COLUMNS}`,
    [userId, role],
  );
  return toAdminUser(rows[0]!);
}

/** A new password hash; `oneTime` makes the user choose another after signing in. */
export async function setUserPassword(
  db: Queryable,
  userId: number,
  passwordHash: string,
  oneTime: boolean,
): Promise<AdminUser> {
  const rows = await db.query<UserRow>(
    `UPDATE users SET password_hash = $2, must_change_password = $3
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [userId, passwordHash, oneTime],
  );
  return toAdminUser(rows[0]!);
}

/** Revokes the user's live sessions, except `keepTokenHash`; returns their token hashes. */
export async function revokeSessions(
  db: Queryable,
  userId: number,
  keepTokenHash: string | null = null,
): Promise<string[]> {
  const rows = await db.query<{ token_hash: string }>(
    `UPDATE sessions SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
        AND ($2::text IS NULL OR token_hash <> $2)
      RETURNING token_hash`,
    [userId, keepTokenHash],
  );
  return rows.map((row) => row.token_hash);
}

/** The stored password hash of a user who exists (a signed-in caller). */
export async function passwordHashOf(db: Queryable, userId: number): Promise<string> {
  const rows = await db.query<{ password_hash: string }>(
    'SELECT password_hash FROM users WHERE id = $1',
    [userId],
  );
  return rows[0]!.password_hash;
}
