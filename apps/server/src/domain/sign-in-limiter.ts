/** Limits of failed sign-ins (agreements): per account and per client address, in a window. */
export interface SignInLimits {
  windowMs: number;
  maxPerAccount: number;
  maxPerAddress: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  windowMs: 15 * 60 * 1000,
  maxPerAccount: 5,
  maxPerAddress: 20,
};

/** Bounds memory under a flood of distinct addresses or e-mails. */
const MAX_TRACKED_KEYS = 100_000;

/**
 * Sliding-window counter of failed sign-ins, kept in memory. Each failure is
 * remembered for one window; once the oldest failures age out, attempts are
 * allowed again, so a correct password always works after the window passes.
 */
export class SignInLimiter {
  readonly #limits: SignInLimits;
  readonly #failures = new Map<string, number[]>();

  constructor(limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS) {
    this.#limits = limits;
  }

  /** Milliseconds until another attempt is allowed; 0 when it is allowed now. */
  retryAfterMs(account: string, address: string, now: number): number {
    return Math.max(
      this.#wait(`account:${account}`, this.#limits.maxPerAccount, now),
      this.#wait(`address:${address}`, this.#limits.maxPerAddress, now),
    );
  }

  recordFailure(account: string, address: string, now: number): void {
    if (this.#failures.size >= MAX_TRACKED_KEYS) this.sweep(now);
    for (const key of [`account:${account}`, `address:${address}`]) {
      const recent = this.#recent(key, now);
      recent.push(now);
      this.#failures.set(key, recent);
    }
  }

  /** A successful sign-in clears the account's failures (not the address's). */
  recordSuccess(account: string): void {
    this.#failures.delete(`account:${account}`);
  }

  /** Drops everything older than the window. */
  sweep(now: number): void {
    for (const key of this.#failures.keys()) {
      if (this.#recent(key, now).length === 0) this.#failures.delete(key);
    }
  }

  #recent(key: string, now: number): number[] {
    const since = now - this.#limits.windowMs;
    const recent = (this.#failures.get(key) ?? []).filter((time) => time > since);
    if (recent.length > 0) this.#failures.set(key, recent);
    return recent;
  }

  #wait(key: string, max: number, now: number): number {
    const recent = this.#recent(key, now);
    if (recent.length < max) return 0;
    // Allowed again when enough failures have aged out to drop below the limit.
    const unblockingFailure = recent[recent.length - max] ?? now;
    return Math.max(1, unblockingFailure + this.#limits.windowMs - now);
  }
}

/** The 429 message of the agreements, with minutes rounded up so it never says "0 minutes". */
export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
