/**
 * The sign-in throttle's rules (OWASP authentication cheat sheet: slow down,
 * lock per account *and* address, never let a stranger keep the owner out).
 * Pure: the counters come from the database (sign-in-attempts.ts) and the
 * clock is a parameter, so every rule is unit-tested without waiting.
 *
 * Three counters of failed attempts: per (account, address) pair, per account
 * across addresses, and per address across accounts. Each has a number of free
 * failures; past them every further attempt must wait 2, 4, 8, ... seconds
 * after the latest failure, up to that counter's cap. A counter is forgotten
 * after `forgetAfterMs` without a failure.
 */

export interface CounterLimit {
  /** Failures allowed before any waiting. */
  free: number;
  /** The longest wait this counter ever imposes. */
  maxDelayMs: number;
}

export interface SignInLimits {
  pair: CounterLimit;
  /** Only for addresses that have themselves failed for this account (see attemptDecision). */
  account: CounterLimit;
  address: CounterLimit;
  /** A counter with no failure for this long starts again from zero. */
  forgetAfterMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  pair: { free: 5, maxDelayMs: 15 * MINUTE },
  // Short on purpose: the owner who mistypes once while a stranger hammers waits at most this.
  account: { free: 5, maxDelayMs: MINUTE },
  // Spraying many accounts from one address; capped so an office behind one NAT is never shut out.
  address: { free: 20, maxDelayMs: 5 * MINUTE },
  forgetAfterMs: 60 * MINUTE,
};

/** One counter's row: failures (attempts in flight included) and when the latest one began. */
export interface AttemptCounter {
  failures: number;
  /** Epoch ms of the latest counted attempt; null for a counter never used. */
  lastFailureAt: number | null;
}

export interface AttemptCounters {
  pair: AttemptCounter;
  account: AttemptCounter;
  address: AttemptCounter;
}

export type AttemptDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/** The failures that still count at `now` (0 once the counter is forgotten). */
export function liveFailures(counter: AttemptCounter, now: number, limits: SignInLimits): number {
  if (counter.lastFailureAt === null) return 0;
  return now - counter.lastFailureAt >= limits.forgetAfterMs ? 0 : counter.failures;
}

/** 2^(failures − free + 1) seconds once the free failures are used, capped; 0 before. */
export function delayAfter(failures: number, limit: CounterLimit): number {
  if (failures < limit.free) return 0;
  const exponent = failures - limit.free + 1;
  // 2^30 s is far beyond any cap; stop there so the number stays finite.
  return Math.min(SECOND * 2 ** Math.min(exponent, 30), limit.maxDelayMs);
}

function waitFor(
  counter: AttemptCounter,
  limit: CounterLimit,
  now: number,
  limits: SignInLimits,
): number {
  const failures = liveFailures(counter, now, limits);
  if (failures === 0 || counter.lastFailureAt === null) return 0;
  return Math.max(0, counter.lastFailureAt + delayAfter(failures, limit) - now);
}

/**
 * May this attempt check the password now? The pair and address counters
 * always apply. The account-wide counter applies only to an address that has
 * itself failed for this account: a right password from an address that has
 * not failed is never held up by failures elsewhere, so a stranger cannot keep
 * the owner out.
 */
export function attemptDecision(
  counters: AttemptCounters,
  now: number,
  limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
): AttemptDecision {
  const pairFailed = liveFailures(counters.pair, now, limits) > 0;
  const retryAfterMs = Math.max(
    waitFor(counters.pair, limits.pair, now, limits),
    waitFor(counters.address, limits.address, now, limits),
    pairFailed ? waitFor(counters.account, limits.account, now, limits) : 0,
  );
  return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true };
}

/**
 * The counter after one more attempt is counted (before the password is
 * checked, so concurrent attempts see each other; a success undoes it).
 */
export function countAttempt(
  counter: AttemptCounter,
  now: number,
  limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
): AttemptCounter {
  return { failures: liveFailures(counter, now, limits) + 1, lastFailureAt: now };
}

/** Whole seconds to wait, never 0 for a refused attempt (the Retry-After header). */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / SECOND));
}

/**
 * The 429 message (English, like every server message; the client shows its
 * own translation from retryAfterSeconds). Seconds below two minutes, so a
 * 2-second slow-down does not read "1 minute".
 */
export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const seconds = retryAfterSeconds(retryAfterMs);
  if (seconds < 120) {
    return `Too many failed sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed sign-in attempts. Try again in ${minutes} minutes.`;
}
