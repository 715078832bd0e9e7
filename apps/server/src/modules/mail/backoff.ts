/**
 * Retry policy of the mail outbox: retry with backoff, at least
 * once, never lost. Pure, so the schedule is unit-tested without a clock.
 */

/** Wait after the first failed attempt; each further failure doubles it. */
export const FIRST_RETRY_DELAY_MS = 30_000;
/** No wait grows beyond an hour: an SMTP server back after a long outage is used within the hour. */
export const MAX_RETRY_DELAY_MS = 3_600_000;
/**
 * After this many failed attempts the row is marked `failed` (and kept for
 * inspection). 12 attempts with the delays above span about 7 hours.
 */
export const MAX_SEND_ATTEMPTS = 12;

/** The wait after the `attempts`-th failed attempt (1-based): 30 s, 60 s, 120 s, … capped at 1 h. */
export function retryDelayMs(attempts: number): number {
  if (!Number.isFinite(attempts) || attempts < 1) return FIRST_RETRY_DELAY_MS;
  // 2^(attempts-1) overflows to Infinity long after the cap, so Math.min keeps it finite.
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** (Math.floor(attempts) - 1), MAX_RETRY_DELAY_MS);
}

export type FailureOutcome =
  | { status: 'pending'; attempts: number; nextAttemptAt: Date }
  | { status: 'failed'; attempts: number };

/**
 * What happens to a row whose send just failed, given how many attempts had
 * failed before: retry later with backoff, or give up after the maximum.
 */
export function afterFailedAttempt(
  previousAttempts: number,
  now: Date,
  maxAttempts: number = MAX_SEND_ATTEMPTS,
): FailureOutcome {
  const attempts = previousAttempts + 1;
  if (attempts >= maxAttempts) return { status: 'failed', attempts };
  return {
    status: 'pending',
    attempts,
    nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
  };
}
