import { describe, expect, it } from 'vitest';
import { SignInLimiter, tooManyAttemptsMessage } from '../../src/domain/sign-in-limiter.ts';

const MINUTE = 60_000;
const limits = { windowMs: 15 * MINUTE, maxPerAccount: 5, maxPerAddress: 20 };

function failTimes(
  limiter: SignInLimiter,
  account: string,
  address: string,
  times: number,
  at: number,
) {
  for (let i = 0; i < times; i += 1) limiter.recordFailure(account, address, at);
}

describe('SignInLimiter', () => {
  it('allows four failures for an account and blocks the fifth attempt onwards', () => {
    const limiter = new SignInLimiter(limits);
    failTimes(limiter, 'a@x.tw', '1.1.1.1', 4, 0);
    expect(limiter.retryAfterMs('a@x.tw', '1.1.1.1', 0)).toBe(0);
    limiter.recordFailure('a@x.tw', '1.1.1.1', 0);
    expect(limiter.retryAfterMs('a@x.tw', '1.1.1.1', MINUTE)).toBe(14 * MINUTE);
    // The same account from another address is blocked too.
    expect(limiter.retryAfterMs('a@x.tw', '2.2.2.2', MINUTE)).toBe(14 * MINUTE);
    expect(limiter.retryAfterMs('b@x.tw', '1.1.1.1', MINUTE)).toBe(0);
  });

  it('lets the account in again once the window has passed', () => {
    const limiter = new SignInLimiter(limits);
    failTimes(limiter, 'a@x.tw', '1.1.1.1', 5, 0);
    expect(limiter.retryAfterMs('a@x.tw', '1.1.1.1', 15 * MINUTE - 1)).toBe(1);
    expect(limiter.retryAfterMs('a@x.tw', '1.1.1.1', 15 * MINUTE)).toBe(0);
  });

  it('is a sliding window: the wait ends when enough old failures age out', () => {
    const limiter = new SignInLimiter(limits);
    failTimes(limiter, 'a@x.tw', '1.1.1.1', 1, 0);
    failTimes(limiter, 'a@x.tw', '1.1.1.1', 4, 10 * MINUTE);
    expect(limiter.retryAfterMs('a@x.tw', '1.1.1.1', 10 * MINUTE)).toBe(5 * MINUTE);
    expect(limiter.retryAfterMs('a@x.tw', '1.1.1.1', 15 * MINUTE)).toBe(0);
  });

  it('blocks an address after twenty failures across accounts', () => {
    const limiter = new SignInLimiter(limits);
    for (let i = 0; i < 20; i += 1) limiter.recordFailure(`user${i}@x.tw`, '9.9.9.9', 0);
    expect(limiter.retryAfterMs('fresh@x.tw', '9.9.9.9', 0)).toBe(15 * MINUTE);
    expect(limiter.retryAfterMs('fresh@x.tw', '8.8.8.8', 0)).toBe(0);
  });

  it('forgets the account failures on success, but not the address failures', () => {
    const limiter = new SignInLimiter({ ...limits, maxPerAddress: 6 });
    failTimes(limiter, 'a@x.tw', '1.1.1.1', 4, 0);
    limiter.recordSuccess('a@x.tw');
    failTimes(limiter, 'a@x.tw', '1.1.1.1', 2, 0);
    expect(limiter.retryAfterMs('a@x.tw', '1.1.1.1', 0)).toBe(15 * MINUTE); // address: 6 failures
    expect(limiter.retryAfterMs('a@x.tw', '3.3.3.3', 0)).toBe(0); // account: only 2 since success
  });
});

describe('tooManyAttemptsMessage', () => {
  it('says how many whole minutes to wait, rounding up', () => {
    expect(tooManyAttemptsMessage(14 * MINUTE)).toBe(
      'Too many failed sign-in attempts. Try again in 14 minutes.',
    );
    expect(tooManyAttemptsMessage(14 * MINUTE + 1)).toBe(
      'Too many failed sign-in attempts. Try again in 15 minutes.',
    );
    expect(tooManyAttemptsMessage(1)).toBe(
      'Too many failed sign-in attempts. Try again in 1 minute.',
    );
  });
});
