import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SIGN_IN_LIMITS as limits,
  attemptDecision,
  countAttempt,
  delayAfter,
  liveFailures,
  retryAfterSeconds,
  tooManyAttemptsMessage,
  type AttemptCounter,
  type AttemptCounters,
} from '../../src/modules/auth/sign-in-limiter.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const NEVER: AttemptCounter = { failures: 0, lastFailureAt: null };
const failed = (failures: number, lastFailureAt = 0): AttemptCounter => ({
  failures,
  lastFailureAt,
});
const counters = (partial: Partial<AttemptCounters>): AttemptCounters => ({
  pair: NEVER,
  account: NEVER,
  address: NEVER,
  ...partial,
});

/** Counts `times` attempts of one pair at `at`, the way the store does. */
function hammer(times: number, at: number, start: AttemptCounters = counters({})) {
  let state = start;
  for (let i = 0; i < times; i += 1) {
    state = {
      pair: countAttempt(state.pair, at),
      account: countAttempt(state.account, at),
      address: countAttempt(state.address, at),
    };
  }
  return state;
}

describe('delayAfter', () => {
  it('is free up to the free failures, then 2, 4, 8 ... seconds, capped', () => {
    const pair = limits.pair;
    expect(delayAfter(0, pair)).toBe(0);
    expect(delayAfter(4, pair)).toBe(0);
    expect(delayAfter(5, pair)).toBe(2 * SECOND);
    expect(delayAfter(6, pair)).toBe(4 * SECOND);
    expect(delayAfter(13, pair)).toBe(512 * SECOND);
    expect(delayAfter(14, pair)).toBe(15 * MINUTE);
    expect(delayAfter(1_000_000, pair)).toBe(15 * MINUTE);
    expect(delayAfter(1_000_000, limits.account)).toBe(MINUTE);
  });
});

describe('attemptDecision', () => {
  it('lets the first five attempts of a pair through, even all at the same instant', () => {
    let state = counters({});
    const verdicts: boolean[] = [];
    for (let i = 0; i < 30; i += 1) {
      const decision = attemptDecision(state, 0);
      verdicts.push(decision.allowed);
      if (decision.allowed) state = hammer(1, 0, state);
    }
    expect(verdicts.filter(Boolean)).toHaveLength(5);
    expect(verdicts.slice(0, 5)).toEqual([true, true, true, true, true]);
  });

  it('makes the pair wait 2^n seconds after its latest failure, then lets it try once', () => {
    const state = hammer(5, 0);
    expect(attemptDecision(state, 1500)).toEqual({ allowed: false, retryAfterMs: 500 });
    expect(attemptDecision(state, 2 * SECOND)).toEqual({ allowed: true });
    const sixth = hammer(1, 2 * SECOND, state);
    expect(attemptDecision(sixth, 2 * SECOND)).toEqual({
      allowed: false,
      retryAfterMs: 4 * SECOND,
    });
  });

  it('lets the owner in from an address that has not failed, however busy the account', () => {
    const attacked = counters({ account: failed(500, 10 * SECOND) });
    expect(attemptDecision(attacked, 10 * SECOND)).toEqual({ allowed: true });
  });

  it('applies the account-wide delay, at most a minute, to an address that failed itself', () => {
    const mistyped = counters({ pair: failed(1), account: failed(500) });
    expect(attemptDecision(mistyped, 0)).toEqual({ allowed: false, retryAfterMs: MINUTE });
    expect(attemptDecision(mistyped, MINUTE)).toEqual({ allowed: true });
  });

  it('throttles an address spraying many accounts after twenty failures, at most five minutes', () => {
    expect(attemptDecision(counters({ address: failed(19) }), 0)).toEqual({ allowed: true });
    expect(attemptDecision(counters({ address: failed(20) }), 0)).toEqual({
      allowed: false,
      retryAfterMs: 2 * SECOND,
    });
    expect(attemptDecision(counters({ address: failed(99) }), 0)).toEqual({
      allowed: false,
      retryAfterMs: 5 * MINUTE,
    });
    expect(attemptDecision(counters({ address: failed(99) }), 5 * MINUTE)).toEqual({
      allowed: true,
    });
  });

  it('answers with the longest of the waits that apply', () => {
    const state = counters({ pair: failed(6), account: failed(6), address: failed(25) });
    expect(attemptDecision(state, 0)).toEqual({ allowed: false, retryAfterMs: 64 * SECOND });
  });

  it('forgets a counter after an hour without failures', () => {
    const state = counters({ pair: failed(40), address: failed(40) });
    expect(attemptDecision(state, 60 * MINUTE - 1).allowed).toBe(true); // past the caps anyway
    expect(liveFailures(state.pair, 60 * MINUTE - 1, limits)).toBe(40);
    expect(liveFailures(state.pair, 60 * MINUTE, limits)).toBe(0);
    expect(countAttempt(state.pair, 60 * MINUTE)).toEqual(failed(1, 60 * MINUTE));
  });

  it('treats a counter never used as zero', () => {
    expect(liveFailures(NEVER, 0, limits)).toBe(0);
    expect(countAttempt(NEVER, 7)).toEqual(failed(1, 7));
  });
});

describe('tooManyAttemptsMessage', () => {
  it('says seconds under two minutes and whole minutes, rounded up, beyond', () => {
    expect(tooManyAttemptsMessage(1)).toBe(
      'Too many failed sign-in attempts. Try again in 1 second.',
    );
    expect(tooManyAttemptsMessage(1500)).toBe(
      'Too many failed sign-in attempts. Try again in 2 seconds.',
    );
    expect(tooManyAttemptsMessage(119 * SECOND)).toBe(
      'Too many failed sign-in attempts. Try again in 119 seconds.',
    );
    expect(tooManyAttemptsMessage(14 * MINUTE + 1)).toBe(
      'Too many failed sign-in attempts. Try again in 15 minutes.',
    );
  });

  it('never asks to wait 0 seconds', () => {
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(1001)).toBe(2);
  });
});
