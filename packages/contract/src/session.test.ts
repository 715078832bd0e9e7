import { describe, expect, it } from 'vitest';
import { isSessionExpired, sessionKeys, storedSession } from './session.ts';

const now = new Date('2026-11-21T06:00:00.000Z');

describe('stored session', () => {
  it('uses the four local-storage keys of the session', () => {
    expect(sessionKeys).toEqual(['token', 'email', 'username', 'dtTokenExpire']);
  });

  it('needs a token, an e-mail and an expiry; the username may be empty', () => {
    const session = { token: 't', email: 'demo@wattboard.local', username: '', dtTokenExpire: 'x' };
    expect(storedSession.safeParse(session).success).toBe(true);
    expect(storedSession.safeParse({ ...session, token: '' }).success).toBe(false);
  });

  it('is valid until dtTokenExpire passes', () => {
    expect(isSessionExpired({ dtTokenExpire: '2026-11-28T06:00:00.000Z' }, now)).toBe(false);
    expect(isSessionExpired({ dtTokenExpire: '2026-11-21T06:00:00.001Z' }, now)).toBe(false);
  });

  it('is expired at or after dtTokenExpire', () => {
    expect(isSessionExpired({ dtTokenExpire: '2026-11-21T06:00:00.000Z' }, now)).toBe(true);
    expect(isSessionExpired({ dtTokenExpire: '2026-11-20T06:00:00.000Z' }, now)).toBe(true);
  });

  it('treats an unreadable expiry as expired', () => {
    expect(isSessionExpired({ dtTokenExpire: 'next week' }, now)).toBe(true);
    expect(isSessionExpired({ dtTokenExpire: '' }, now)).toBe(true);
  });
});
