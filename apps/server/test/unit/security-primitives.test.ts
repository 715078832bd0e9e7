import { describe, expect, it } from 'vitest';
import {
  bearerToken,
  generateToken,
  hashToken,
  SESSION_LIFETIME_MS,
  sessionExpiry,
} from '../../src/platform/http/token.ts';
import {
  DEFAULT_SCRYPT_COST,
  hashPassword,
  parsePasswordHash,
  scryptParams,
  verifyPassword,
} from '../../src/modules/auth/password.ts';

describe('tokens', () => {
  it('are 256 random bits in base64url, different every time', () => {
    const tokens = new Set(Array.from({ length: 50 }, generateToken));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('are stored as their SHA-256 hex digest', () => {
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hashToken('abc')).not.toBe(hashToken('abd'));
  });

  it('expire seven days after sign-in', () => {
    const now = new Date('2026-11-21T06:00:00Z');
    expect(sessionExpiry(now).toISOString()).toBe('2026-11-28T06:00:00.000Z');
    expect(SESSION_LIFETIME_MS).toBe(604_800_000);
  });

  it('are read from a Bearer header only', () => {
    expect(bearerToken('Bearer abc.DEF-_')).toBe('abc.DEF-_');
    expect(bearerToken('bearer   xyz ')).toBe('xyz');
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(bearerToken('Bearer')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});

describe('passwords', () => {
  it('verify only the right password, with a fresh salt per hash', async () => {
    const params = scryptParams(10);
    const first = await hashPassword('correct horse', params);
    const second = await hashPassword('correct horse', params);
    expect(first).not.toBe(second);
    await expect(verifyPassword('correct horse', first)).resolves.toBe(true);
    await expect(verifyPassword('correct horse', second)).resolves.toBe(true);
    await expect(verifyPassword('correct hors', first)).resolves.toBe(false);
    await expect(verifyPassword('', first)).resolves.toBe(false);
  });

  it('use the production parameters by default: N = 2^17, r = 8, p = 1', async () => {
    expect(DEFAULT_SCRYPT_COST).toBe(17);
    const stored = await hashPassword('wattboard-demo', scryptParams());
    expect(stored).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(parsePasswordHash(stored).key).toHaveLength(32);
    await expect(verifyPassword('wattboard-demo', stored)).resolves.toBe(true);
  });

  it('verify with the parameters stored in the hash, so the cost can change later', async () => {
    const cheap = await hashPassword('pa55word!', scryptParams(8));
    expect(cheap).toMatch(/^scrypt\$8\$/);
    await expect(verifyPassword('pa55word!', cheap)).resolves.toBe(true);
  });

  it('refuse a hash in an unknown format', async () => {
    await expect(verifyPassword('x', 'md5$abc')).rejects.toThrow(/Unrecognised password hash/);
  });
});
