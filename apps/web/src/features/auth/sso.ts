import type { StoredSession } from '@wattboard/contract';
import { isStoredSession } from '@/lib/session';

/**
 * Single sign-on on the login page (decision 0085). The paths are the
 * contract's SSO_PATHS, spelled out here so the login route loads no contract
 * code (its size budget); sso.test.ts holds them equal.
 */
export const SSO_LOOKUP_PATH = '/v1/Sso/Lookup';

/** Marks a session single sign-on started, so signing out also ends it at the provider. */
export const SSO_MARK = 'wattboard.sso';

/** The session the callback put in the address's fragment (never sent to a server), or null. */
export function sessionFromFragment(hash: string): StoredSession | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const raw = {
    token: params.get('token') ?? '',
    email: params.get('email') ?? '',
    username: params.get('username') ?? '',
    dtTokenExpire: params.get('dtTokenExpire') ?? '',
  };
  return isStoredSession(raw) ? raw : null;
}

/** The address worth asking about: one with a domain (name@company.tld), trimmed; else null. */
export function emailToLookUp(email: string): string | null {
  const trimmed = email.trim();
  return /^[^@\s]+@[^@\s]+\.[^@\s]{2,}$/.test(trimmed) ? trimmed : null;
}
