/**
 * What sign-in writes beyond its session (issue #13): the audit log's sign-ins
 * and failed sign-ins of known accounts (an unknown e-mail has no factory to
 * log it in), and the user's last sign-in time for the Admin's user list.
 */
import type { Queryable } from '../../../platform/db/db.ts';
import { recordAudit } from '../../audit/index.ts';

export interface SignInUser {
  id: number;
  factory_id: number;
  username: string;
  disabled_at?: Date | null;
  /** The hash the password was checked against: a reset meanwhile refuses the sign-in. */
  password_hash?: string;
}

/** A disabled user cannot sign in; the answer is the wrong-password one (no account probing). */
export function isDisabled(user: SignInUser): boolean {
  return user.disabled_at !== null && user.disabled_at !== undefined;
}

/** The user was disabled, or the password reset, while signing in (answered as a wrong password). */
export class DisabledMeanwhile extends Error {
  constructor() {
    super('the user was disabled during sign-in');
  }
}

/**
 * First in the sign-in's session transaction: locks the user row while it is
 * still enabled and its password unchanged (a concurrent disable or reset
 * either waits for this sign-in, then revokes its session, or wins and this
 * throws DisabledMeanwhile), records the
 * sign-in time and the audit row.
 */
export async function recordSignIn(tx: Queryable, user: SignInUser, address: string) {
  const rows = await tx.query(
    `UPDATE users SET last_sign_in_at = now()
      WHERE id = $1 AND disabled_at IS NULL AND ($2::text IS NULL OR password_hash = $2)
      RETURNING id`,
    [user.id, user.password_hash ?? null],
  );
  if (rows.length === 0) throw new DisabledMeanwhile();
  await recordAudit(tx, {
    factoryId: user.factory_id,
    actor: { userId: user.id, name: user.username, address },
    action: 'sign-in',
    target: { type: 'user', id: user.id },
  });
}

export async function recordFailedSignIn(db: Queryable, user: SignInUser, address: string) {
  await recordAudit(db, {
    factoryId: user.factory_id,
    actor: { userId: user.id, name: user.username, address },
    action: 'sign-in.failed',
    target: { type: 'user', id: user.id },
    detail: { reason: isDisabled(user) ? 'disabled' : 'password' },
  });
}
