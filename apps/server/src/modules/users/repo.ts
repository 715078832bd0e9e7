import type { AdminUser, UserRole } from '@wattboard/contract';
import type { Queryable } from '../../platform/db/db.ts';
import { isFactoryAdmin } from '../auth/index.ts';

interface UserRow {
  id: number;
  /** The person's home factory (where the account was made). */
  factory_id: number;
  /** The factory this row was read for (the membership's). */
  member_of: number;
  username: string;
  email: string;
  disabled_at: Date | null;
  must_change_password: boolean;
  role: UserRole;
  last_sign_in_at: Date | null;
  created_at: Date;
}

/** A person as a member of one factory: the role is that membership's (migration 042). */
const COLUMNS = `u.id, u.factory_id, m.factory_id AS member_of, u.username, u.email, u.disabled_at,
  u.must_change_password, m.role, u.last_sign_in_at, u.created_at`;
const MEMBERS = 'factory_memberships m JOIN users u ON u.id = m.user_id';

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    status: row.disabled_at === null ? 'active' : 'disabled',
    isAdmin: isFactoryAdmin(row),
    role: row.role,
    fromOtherFactory: row.factory_id !== row.member_of,
    mustChangePassword: row.must_change_password,
    lastSignInAt: iso(row.last_sign_in_at),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function listUsers(db: Queryable, factoryId: number): Promise<AdminUser[]> {
  const rows = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM ${MEMBERS} WHERE m.factory_id = $1 ORDER BY lower(u.username), u.id`,
    [factoryId],
  );
  return rows.map(toAdminUser);
}

/** The factory's member, or null (a person not in this factory is "not found"). */
export async function findUser(
  db: Queryable,
  factoryId: number,
  userId: number,
  lock = false,
): Promise<AdminUser | null> {
  const rows = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM ${MEMBERS}
      WHERE m.factory_id = $1 AND m.user_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [factoryId, userId],
  );
  return rows[0] ? toAdminUser(rows[0]) : null;
}

/** What already uses this e-mail (anywhere) or this name (among the factory's members, any case). */
export async function takenBy(
  db: Queryable,
  factoryId: number,
  email: string,
  username: string,
): Promise<{ email: boolean; username: boolean }> {
  const rows = await db.query<{ what: string }>(
    `SELECT 'email' AS what FROM users WHERE email = $1
     UNION ALL SELECT 'username' FROM ${MEMBERS}
                WHERE m.factory_id = $2 AND lower(u.username) = lower($3)`,
    [email, factoryId, username],
  );
  const what = new Set(rows.map((row) => row.what));
  return { email: what.has('email'), username: what.has('username') };
}

/** Whether a member of this factory already has this name (any case). */
export async function usernameTakenIn(
  db: Queryable,
  factoryId: number,
  username: string,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM ${MEMBERS} WHERE m.factory_id = $1 AND lower(u.username) = lower($2)`,
    [factoryId, username],
  );
  return rows.length > 0;
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
  const rows = await db.query<{ id: number }>(
    `INSERT INTO users (factory_id, email, username, password_hash, must_change_password)
     VALUES ($1, $2, $3, $4, true) RETURNING id`,
    [input.factoryId, input.email, input.username, input.passwordHash],
  );
  const id = rows[0]!.id;
  // The home membership exists already (migration 042's trigger); this sets its role.
  return setUserRole(db, input.factoryId, id, input.role);
}

/** The member as seen from `factoryId`, after a change; the caller knows it is one. */
async function memberAfter(db: Queryable, factoryId: number, userId: number): Promise<AdminUser> {
  const user = await findUser(db, factoryId, userId);
  if (!user) throw new Error(`user ${userId} is not a member of factory ${factoryId}`);
  return user;
}

/** Disables or enables the account (everywhere: only its home factory's Admin may). */
export async function setUserDisabled(
  db: Queryable,
  factoryId: number,
  userId: number,
  disabled: boolean,
): Promise<AdminUser> {
  await db.query(
    `UPDATE users SET disabled_at = CASE WHEN $2 THEN COALESCE(disabled_at, now()) END
      WHERE id = $1`,
    [userId, disabled],
  );
  return memberAfter(db, factoryId, userId);
}

/** The person's role in this factory (their membership there, made if missing). */
export async function setUserRole(
  db: Queryable,
  factoryId: number,
  userId: number,
  role: UserRole,
): Promise<AdminUser> {
  await db.query(
    `INSERT INTO factory_memberships (factory_id, user_id, role) VALUES ($1, $2, $3)
     ON CONFLICT (factory_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
    [factoryId, userId, role],
  );
  return memberAfter(db, factoryId, userId);
}

/** A new password hash; `oneTime` makes the user choose another after signing in. */
export async function setUserPassword(
  db: Queryable,
  factoryId: number,
  userId: number,
  passwordHash: string,
  oneTime: boolean,
): Promise<AdminUser> {
  await db.query('UPDATE users SET password_hash = $2, must_change_password = $3 WHERE id = $1', [
    userId,
    passwordHash,
    oneTime,
  ]);
  return memberAfter(db, factoryId, userId);
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
