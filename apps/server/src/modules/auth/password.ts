import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt parameters: N = 2^cost, r = 8, p = 1. */
export interface ScryptParams {
  cost: number;
  blockSize: number;
  parallelization: number;
}

export const DEFAULT_SCRYPT_COST = 17;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

export function scryptParams(cost: number = DEFAULT_SCRYPT_COST): ScryptParams {
  return { cost, blockSize: 8, parallelization: 1 };
}

/**
 * Derivations run one at a time in a process. Each holds 128·N·r bytes for its
 * ~0.3 s (128 MiB at the production N = 2^17, r = 8), and libuv runs four at once: the
 * first start's two demo hashes took the server from 310 to 573 MB for half a
 * second, and four sign-ins at once would hold half a gigabyte more, past the
 * embedded server's 450 MB (docs/decisions/0056-memory.md). Queued, a burst of
 * sign-ins costs seconds, not memory; the sign-in limiter bounds the burst.
 */
let lane: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = lane.then(task, task);
  lane = run.catch(() => undefined);
  return run;
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return oneAtATime(() => deriveNow(password, salt, params));
}

function deriveNow(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.cost;
  // scrypt needs 128 * N * r bytes; Node's default maxmem (32 MiB) is too small for N = 2^17.
  const maxmem = 256 * N * params.blockSize;
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N, r: params.blockSize, p: params.parallelization, maxmem },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** Stored form: `scrypt$<cost>$<r>$<p>$<salt b64url>$<hash b64url>`, so the cost can change later. */
export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  const { cost, blockSize, parallelization } = params;
  return [
    'scrypt',
    cost,
    blockSize,
    parallelization,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export function parsePasswordHash(stored: string): {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
} {
  const [scheme, cost, blockSize, parallelization, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !blockSize || !parallelization || !salt || !key) {
    throw new Error('Unrecognised password hash format');
  }
  return {
    params: {
      cost: Number(cost),
      blockSize: Number(blockSize),
      parallelization: Number(parallelization),
    },
    salt: Buffer.from(salt, 'base64url'),
    key: Buffer.from(key, 'base64url'),
  };
}

/** Constant-time check of a password against its stored hash, with the hash's own parameters. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const { params, salt, key } = parsePasswordHash(stored);
  const candidate = await derive(password, salt, params);
  return candidate.length === key.length && timingSafeEqual(candidate, key);
}
