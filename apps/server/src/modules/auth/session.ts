import type { UserRole } from '@wattboard/contract';
import type { Queryable } from '../../platform/db/db.ts';
import { hashToken } from '../../platform/http/token.ts';
import { findSessionRow } from './repo/sessions.ts';

export interface AuthFactory {
  id: number;
  name: string;
  nameZh: string;
  timeZone: string;
}

/** Who is calling, put on every authenticated request. */
export interface AuthContext {
  /** `role` is the stored one; effectiveRoleOf() makes the Admin user `admin`. */
  user: { id: number; email: string; username: string; role: UserRole };
  factory: AuthFactory;
  token: string;
  tokenHash: string;
  expiresAt: Date;
  /** A one-time password is still in use: only the calls of PASSWORD_CHANGE_CALLS answer. */
  mustChangePassword: boolean;
}

/**
 * The live session a bearer token belongs to, or null when it is unknown,
 * signed out or expired. Shared by data calls and the notification hub.
 */
export async function findSession(
  db: Queryable,
  token: string,
  now: number = Date.now(),
): Promise<AuthContext | null> {
  const tokenHash = hashToken(token);
  const session = await findSessionRow(db, tokenHash);
  if (!session || session.revoked_at !== null || session.expires_at.getTime() <= now) return null;
  return {
    user: {
      id: session.user_id,
      email: session.email,
      username: session.username,
      role: session.role,
    },
    factory: {
      id: session.factory_id,
      name: session.factory_name,
      nameZh: session.factory_name_zh,
      timeZone: session.time_zone,
    },
    token,
    tokenHash,
    expiresAt: session.expires_at,
    mustChangePassword: session.must_change_password,
  };
}
