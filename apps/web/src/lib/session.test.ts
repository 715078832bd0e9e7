// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sessionKeys, storedSession } from '@wattboard/contract';
import { isStoredSession, readSession } from './session';

const full = {
  token: 'f'.repeat(64),
  email: 'demo@wattboard.local',
  username: 'demo',
  dtTokenExpire: '2099-01-01T00:00:00.000Z',
};

describe('isStoredSession (the contract rule without zod)', () => {
  it('agrees with the contract schema on every missing part', () => {
    const cases: Record<string, string>[] = [full, { ...full, username: '' }];
    for (const key of sessionKeys) cases.push({ ...full, [key]: '' });
    for (const raw of cases) {
      expect(isStoredSession(raw), JSON.stringify(raw)).toBe(storedSession.safeParse(raw).success);
    }
  });

  it('reads a complete stored session and nothing less', () => {
    localStorage.clear();
    expect(readSession()).toBeNull();
    for (const key of sessionKeys) localStorage.setItem(key, full[key]);
    expect(readSession()).toEqual(full);
    localStorage.removeItem('token');
    expect(readSession()).toBeNull();
  });
});
