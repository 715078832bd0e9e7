import type * as Crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';

// Counts the scrypt derivations running at once, around the real one.
const running = { now: 0, most: 0 };
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof Crypto>();
  const scrypt = (...args: unknown[]) => {
    const done = args.at(-1) as (error: Error | null, key: Buffer) => void;
    running.now += 1;
    running.most = Math.max(running.most, running.now);
    (real.scrypt as (...a: unknown[]) => void)(
      ...args.slice(0, -1),
      (error: Error | null, key: Buffer) => {
        running.now -= 1;
        done(error, key);
      },
    );
  };
  return { ...real, scrypt };
});

const { hashPassword, scryptParams, verifyPassword } =
  await import('../../src/modules/auth/password.ts');

describe('password hashing memory', () => {
  it('derives one key at a time however many sign-ins arrive together', async () => {
    const params = scryptParams(12);
    const hashes = await Promise.all(
      ['one', 'two', 'three', 'four', 'five'].map((word) => hashPassword(`${word}-secret`, params)),
    );
    const checks = await Promise.all([
      verifyPassword('one-secret', hashes[0]!),
      verifyPassword('wrong', hashes[1]!),
      verifyPassword('five-secret', hashes[4]!),
    ]);
    expect(checks).toEqual([true, false, true]);
    expect(running.most).toBe(1);
  });

  it('goes on after a derivation fails', async () => {
    // A cost scrypt refuses (N must be > 1) fails alone; the next one still runs.
    await expect(
      hashPassword('x', { cost: 0, blockSize: 8, parallelization: 1 }),
    ).rejects.toThrow();
    await expect(hashPassword('y', scryptParams(10))).resolves.toMatch(/^scrypt\$10\$8\$1\$/);
  });
});
