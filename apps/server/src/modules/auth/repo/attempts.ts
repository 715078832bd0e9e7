import type { Db } from '../../../platform/db/db.ts';
import {
  attemptDecision,
  countAttempt,
  DEFAULT_SIGN_IN_LIMITS,
  type AttemptCounter,
  type AttemptCounters,
  type AttemptDecision,
  type SignInLimits,
} from '../sign-in-limiter.ts';

/**
 * The sign-in counters in the database (migration 004), so every instance and
 * every restart sees the same numbers. The rules are in modules/auth/sign-in-limiter.ts.
 */

type Scope = keyof AttemptCounters;

/** The address goes first in a pair key: it never contains '|', so keys cannot collide. */
export function counterKeys(account: string, address: string): Record<Scope, string> {
  return {
    account: `account:${account}`,
    address: `address:${address}`,
    pair: `pair:${address}|${account}`,
  };
}

interface CounterRow {
  key: string;
  failures: number;
  last_failure_at: Date;
}

const NEVER: AttemptCounter = { failures: 0, lastFailureAt: null };

export class SignInAttempts {
  readonly #db: Db;
  readonly #limits: SignInLimits;

  constructor(db: Db, limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS) {
    this.#db = db;
    this.#limits = limits;
  }

  /**
   * Decides whether this attempt may check the password and, when it may,
   * counts it as a failure right away: all under row locks in one transaction,
   * so of many concurrent attempts only as many as the rules allow get through.
   * The caller undoes the count with `succeeded` when the password is right.
   */
  async reserve(account: string, address: string, now: number): Promise<AttemptDecision> {
    const keys = counterKeys(account, address);
    // Always the same lock order (sorted keys), so two attempts never deadlock.
    const sorted = Object.values(keys).sort();
    return this.#db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO sign_in_attempts (key, failures, last_failure_at)
         SELECT k, 0, 'epoch'::timestamptz FROM unnest($1::text[]) AS k
         ORDER BY k
         ON CONFLICT (key) DO NOTHING`,
        [sorted],
      );
      const rows = await tx.query<CounterRow>(
        `SELECT key, failures, last_failure_at FROM sign_in_attempts
          WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE`,
        [sorted],
      );
      const byKey = new Map(rows.map((row) => [row.key, row]));
      const counter = (scope: Scope): AttemptCounter => {
        const row = byKey.get(keys[scope]);
        if (!row || row.failures === 0) return NEVER;
        return { failures: row.failures, lastFailureAt: row.last_failure_at.getTime() };
      };
      const counters = {
        pair: counter('pair'),
        account: counter('account'),
        address: counter('address'),
      };
      const decision = attemptDecision(counters, now, this.#limits);
      if (!decision.allowed) return decision;
      for (const scope of ['account', 'address', 'pair'] as const) {
        const next = countAttempt(counters[scope], now, this.#limits);
        // An upsert, in case housekeeping deleted the row since it was read.
        await tx.query(
          `INSERT INTO sign_in_attempts (key, failures, last_failure_at) VALUES ($1, $2, $3)
           ON CONFLICT (key) DO UPDATE
             SET failures = EXCLUDED.failures, last_failure_at = EXCLUDED.last_failure_at`,
          [keys[scope], next.failures, new Date(now)],
        );
      }
      return decision;
    });
  }

  /**
   * The password was right: the pair and the account start again from zero
   * (OWASP: reset on success); the address only loses this attempt's count,
   * so one good account cannot wash away a spray from the same address.
   */
  async succeeded(account: string, address: string): Promise<void> {
    const keys = counterKeys(account, address);
    await this.#db.query('DELETE FROM sign_in_attempts WHERE key = ANY($1::text[])', [
      [keys.account, keys.pair],
    ]);
    await this.#db.query(
      'UPDATE sign_in_attempts SET failures = GREATEST(failures - 1, 0) WHERE key = $1',
      [keys.address],
    );
  }

  /** Housekeeping: counters forgotten by the rules are of no use to anyone. */
  async sweep(now: number): Promise<void> {
    await this.#db.query('DELETE FROM sign_in_attempts WHERE last_failure_at < $1', [
      new Date(now - this.#limits.forgetAfterMs),
    ]);
  }
}
