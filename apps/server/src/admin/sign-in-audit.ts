/**
 * What sign-in writes beyond its session (issue #13): the audit log's sign-ins
 * and failed sign-ins of known accounts (an unknown e-mail has no factory to
 * log it in), and the user's last sign-in time for the Admin's user list.
 */
import type { Queryable } from '../db/db.ts';
import { recordAudit } from '../audit/record-audit.ts';

export interface SignInUser {
  id: number;
  factory_id: number;
  username: string;
  disabled_at?: Date | null;
}

/** A disabled user cannot sign in; the answer is the wrong-password one (no account probing). */
export function isDisabled(user: SignInUser): boolean {
  return user.disabled_at !== null && user.disabled_at !== undefined;
}

/** In the sign-in's session transaction. */
export async function recordSignIn(tx: Queryable, user: SignInUser, address: string) {
  await tx.query('UPDATE users SET last_sign_in_at = now() WHERE id = $1', [user.id]);
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
