import { describe, expect, it } from 'vitest';
import {
  afterFailedAttempt,
  FIRST_RETRY_DELAY_MS,
  MAX_RETRY_DELAY_MS,
  MAX_SEND_ATTEMPTS,
  retryDelayMs,
} from '../../src/modules/mail/backoff.ts';

describe('mail retry backoff', () => {
  it('waits 30 s after the first failure and doubles after each further one', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
  });

  it('never waits more than an hour', () => {
    expect(retryDelayMs(7)).toBe(1_920_000);
    expect(retryDelayMs(8)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(9)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(5000)).toBe(MAX_RETRY_DELAY_MS);
  });

  it('treats nonsense attempt counts as the first failure', () => {
    expect(retryDelayMs(0)).toBe(FIRST_RETRY_DELAY_MS);
    expect(retryDelayMs(-3)).toBe(FIRST_RETRY_DELAY_MS);
    expect(retryDelayMs(Number.NaN)).toBe(FIRST_RETRY_DELAY_MS);
  });

  it('schedules the next attempt from the failure time', () => {
    const now = new Date('2026-11-21T06:00:00Z');
    expect(afterFailedAttempt(0, now)).toEqual({
      status: 'pending',
      attempts: 1,
      nextAttemptAt: new Date('2026-11-21T06:00:30Z'),
    });
    expect(afterFailedAttempt(2, now)).toEqual({
      status: 'pending',
      attempts: 3,
      nextAttemptAt: new Date('2026-11-21T06:02:00Z'),
    });
  });

  it('gives up (failed, row kept) when the last allowed attempt fails', () => {
    const now = new Date('2026-11-21T06:00:00Z');
    expect(afterFailedAttempt(MAX_SEND_ATTEMPTS - 2, now).status).toBe('pending');
    expect(afterFailedAttempt(MAX_SEND_ATTEMPTS - 1, now)).toEqual({
      status: 'failed',
      attempts: MAX_SEND_ATTEMPTS,
    });
    expect(afterFailedAttempt(0, now, 1)).toEqual({ status: 'failed', attempts: 1 });
  });

  it('spreads the attempts over several hours before giving up', () => {
    let total = 0;
    for (let attempt = 1; attempt < MAX_SEND_ATTEMPTS; attempt += 1) total += retryDelayMs(attempt);
    expect(total).toBeGreaterThan(5 * 3_600_000);
  });
});
