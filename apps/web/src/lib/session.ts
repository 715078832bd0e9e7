import { isSessionExpired, sessionKeys } from '@wattboard/contract/session';
import type { StoredSession } from '@wattboard/contract';
import { pageNavigation } from './page-navigation';

/** Fired on this window when the session changes (the `storage` event only reaches other tabs). */
export const SESSION_CHANGED_EVENT = 'wattboard:session-changed';

/** The stored session, or null when any required part is missing. */
export function readSession(storage: Storage = localStorage): StoredSession | null {
  const raw = Object.fromEntries(sessionKeys.map((key) => [key, storage.getItem(key) ?? '']));
  return isStoredSession(raw) ? raw : null;
}

/**
 * The contract's storedSession rule (token, email and expiry non-empty;
 * username may be empty), checked without zod: this runs on the login route,
 * whose first load stays free of zod (150 KB gzip budget). session.test.ts holds it
 * to the contract's schema.
 */
export function isStoredSession(raw: Record<string, string>): raw is StoredSession {
  return raw.token !== '' && raw.email !== '' && raw.dtTokenExpire !== '';
}

export function writeSession(session: StoredSession, storage: Storage = localStorage): void {
  for (const key of sessionKeys) storage.setItem(key, session[key]);
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

export function clearSession(storage: Storage = localStorage): void {
  removeSession(storage);
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

function removeSession(storage: Storage): void {
  for (const key of sessionKeys) storage.removeItem(key);
}

/** Credentials exist (queries run only when both e-mail and token exist). */
export function hasCredentials(storage: Storage = localStorage): boolean {
  return Boolean(storage.getItem('email')) && Boolean(storage.getItem('token'));
}

export type SessionStatus = 'signed-in' | 'expired' | 'signed-out';

/** Signed in = token and e-mail present and dtTokenExpire not past. */
export function sessionStatus(session: StoredSession | null, now: Date): SessionStatus {
  if (!session) return 'signed-out';
  return isSessionExpired(session, now) ? 'expired' : 'signed-in';
}

/**
 * An expired session or an HTTP 401 clears storage and reloads the
 * page; the reloaded page finds no session and shows the login screen. This
 * page is not told first: told, it moved to /dashboard/login before the
 * reload began, and the reload then loaded the address it was on, to be sent
 * to the login screen a second time (and a browser closed at the first
 * /dashboard/login was mid-navigation).
 */
export function endSessionAndReload(): void {
  removeSession(localStorage);
  pageNavigation.reload();
}
