import type { StoredSession } from '@wattboard/contract';

export const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600_000).toISOString();

/** Puts a session into local storage as a successful sign-in would. */
export function storeSession(overrides: Partial<StoredSession> = {}): StoredSession {
  const session: StoredSession = {
    token: 'a'.repeat(64),
    email: 'demo@wattboard.local',
    username: 'demo',
    dtTokenExpire: inAWeek(),
    ...overrides,
  };
  for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
  return session;
}
