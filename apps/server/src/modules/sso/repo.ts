import type { UserRole } from '@wattboard/contract';
import type { Queryable } from '../../platform/db/db.ts';

/** A sign-in waiting for the provider's callback (migration 040). */
export interface PendingSignIn {
  factoryId: number;
  codeVerifier: string;
  nonce: string;
}

export async function factoryIdOfSlug(db: Queryable, slug: string): Promise<number | undefined> {
  const rows = await db.query<{ id: number }>('SELECT id FROM factories WHERE slug = $1', [slug]);
  return rows[0]?.id;
}

export async function factorySlugOf(db: Queryable, factoryId: number): Promise<string | undefined> {
  const rows = await db.query<{ slug: string }>('SELECT slug FROM factories WHERE id = $1', [
    factoryId,
  ]);
  return rows[0]?.slug;
}

/**
 * Started sign-ins kept per factory at most. Anyone may start one without signing in, so
 * without a bound a loop of starts would fill the table; 1,000 within the ten minutes a start
 * lives is far more than a plant's shift change signing on at once. Past it the oldest go.
 */
export const PENDING_SIGN_INS_PER_FACTORY = 1000;

/** Stores a started sign-in; expired ones, and a factory's oldest past its bound, go. */
export async function insertPendingSignIn(
  db: Queryable,
  stateHash: string,
  pending: PendingSignIn,
  expiresAt: Date,
  bound: number = PENDING_SIGN_INS_PER_FACTORY,
): Promise<void> {
  await db.query('DELETE FROM sso_sign_ins WHERE expires_at < now()', []);
  await db.query(
    `INSERT INTO sso_sign_ins (state_hash, factory_id, code_verifier, nonce, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [stateHash, pending.factoryId, pending.codeVerifier, pending.nonce, expiresAt],
  );
  await db.query(
    `DELETE FROM sso_sign_ins WHERE factory_id = $1 AND state_hash NOT IN (
       SELECT state_hash FROM sso_sign_ins WHERE factory_id = $1
        ORDER BY expires_at DESC, state_hash LIMIT $2)`,
    [pending.factoryId, bound],
  );
}

/** Takes (deletes) a live started sign-in: a second callback with the same state finds none. */
export async function takePendingSignIn(
  db: Queryable,
  stateHash: string,
): Promise<PendingSignIn | undefined> {
  const rows = await db.query<{ factory_id: number; code_verifier: string; nonce: string }>(
    `DELETE FROM sso_sign_ins WHERE state_hash = $1 AND expires_at > now()
     RETURNING factory_id, code_verifier, nonce`,
    [stateHash],
  );
  const row = rows[0];
  return row && { factoryId: row.factory_id, codeVerifier: row.code_verifier, nonce: row.nonce };
}

export interface SsoUserRow {
  id: number;
  factory_id: number;
  email: string;
  username: string;
  role: UserRole;
  disabled_at: Date | null;
  sso_subject: string | null;
}

/**
 * The user bound to this provider identity, else the one of this e-mail, in
 * any factory: the caller refuses one of another factory.
 */
export async function findSsoUser(
  db: Queryable,
  subject: string,
  email: string,
): Promise<SsoUserRow | undefined> {
  // The role is the home factory's membership (migration 042): single sign-on signs people into
  // their home factory only (decision 0089).
  const rows = await db.query<SsoUserRow>(
    `SELECT u.id, u.factory_id, u.email, u.username, m.role, u.disabled_at, u.sso_subject
       FROM users u
       JOIN factory_memberships m ON m.user_id = u.id AND m.factory_id = u.factory_id
      WHERE u.sso_subject = $1 OR u.email = $2
      ORDER BY u.sso_subject IS NOT DISTINCT FROM $1 DESC
      LIMIT 1`,
    [subject, email],
  );
  return rows[0];
}

/** Binds a user to the provider identity it signed on with first. */
export async function bindSubject(db: Queryable, userId: number, subject: string): Promise<void> {
  await db.query('UPDATE users SET sso_subject = $2 WHERE id = $1 AND sso_subject IS NULL', [
    userId,
    subject,
  ]);
}

export async function insertSsoUser(
  db: Queryable,
  user: {
    factoryId: number;
    email: string;
    username: string;
    role: UserRole;
    passwordHash: string;
  },
): Promise<SsoUserRow> {
  const rows = await db.query<Omit<SsoUserRow, 'role'>>(
    `INSERT INTO users (factory_id, email, username, password_hash)
     VALUES ($1, $2, $3, $4)
     RETURNING id, factory_id, email, username, disabled_at, sso_subject`,
    [user.factoryId, user.email, user.username, user.passwordHash],
  );
  const row = rows[0];
  if (!row) throw new Error('the database returned no row for the new user');
  // The home membership was made with the user (migration 042's trigger); this is its role.
  await updateUserRole(db, user.factoryId, row.id, user.role);
  return { ...row, role: user.role };
}

/** The person's role in this factory (their membership there). */
export async function updateUserRole(
  db: Queryable,
  factoryId: number,
  userId: number,
  role: UserRole,
): Promise<void> {
  await db.query(
    'UPDATE factory_memberships SET role = $3 WHERE factory_id = $1 AND user_id = $2',
    [factoryId, userId, role],
  );
}

/** Keeps the provider's ID token with the session it started (the sign-out's id_token_hint). */
export async function setSessionIdToken(
  db: Queryable,
  tokenHash: string,
  idToken: string,
): Promise<void> {
  await db.query('UPDATE sessions SET sso_id_token = $2 WHERE token_hash = $1', [
    tokenHash,
    idToken,
  ]);
}

export async function sessionIdToken(db: Queryable, tokenHash: string): Promise<string | null> {
  const rows = await db.query<{ sso_id_token: string | null }>(
    'SELECT sso_id_token FROM sessions WHERE token_hash = $1',
    [tokenHash],
  );
  return rows[0]?.sso_id_token ?? null;
}
