import { describe, expect, it } from 'vitest';
import { parseBackplaneMessage } from '../../src/modules/hub/backplane.ts';
import {
  CLOSE_REASONS,
  MAX_TIMER_MS,
  closesClient,
  expiryTimerMs,
  parseCloseOrder,
} from '../../src/modules/hub/close-order.ts';

const HASH = 'a'.repeat(64);
const client = { userId: 7, tokenHash: HASH, factoryId: 4 };

describe('closesClient', () => {
  it('matches by token hash (sign-out) or by user (a disabled user)', () => {
    expect(closesClient({ tokenHash: HASH }, client)).toBe(true);
    expect(closesClient({ tokenHash: 'b'.repeat(64) }, client)).toBe(false);
    expect(closesClient({ userId: 7 }, client)).toBe(true);
    expect(closesClient({ userId: 8 }, client)).toBe(false);
  });

  it("with a factory, matches only the token's connections opened for that factory (a switch)", () => {
    expect(closesClient({ tokenHash: HASH, factoryId: 4 }, client)).toBe(true);
    // The connection the client opened after switching to factory 5 survives a late order.
    expect(closesClient({ tokenHash: HASH, factoryId: 4 }, { ...client, factoryId: 5 })).toBe(
      false,
    );
    expect(closesClient({ tokenHash: 'b'.repeat(64), factoryId: 4 }, client)).toBe(false);
  });
});

describe('expiryTimerMs', () => {
  it('is the time left, never negative, never past what setTimeout takes', () => {
    expect(expiryTimerMs(1500, 1000)).toBe(500);
    expect(expiryTimerMs(1000, 1000)).toBe(0);
    expect(expiryTimerMs(0, 1000)).toBe(0);
    expect(expiryTimerMs(60 * 86_400_000, 0)).toBe(MAX_TIMER_MS);
  });
});

describe('parseCloseOrder and parseBackplaneMessage', () => {
  it('reads back a close order by token or by user', () => {
    const byToken = {
      scope: 'close',
      target: { tokenHash: HASH },
      reason: CLOSE_REASONS.signedOut,
    };
    const byUser = { scope: 'close', target: { userId: 3 }, reason: 'x' };
    expect(parseBackplaneMessage(JSON.stringify(byToken))).toEqual(byToken);
    expect(parseBackplaneMessage(JSON.stringify(byUser))).toEqual(byUser);
    const bySwitch = {
      scope: 'close',
      target: { tokenHash: HASH, factoryId: 2 },
      reason: CLOSE_REASONS.factorySwitched,
    };
    expect(parseBackplaneMessage(JSON.stringify(bySwitch))).toEqual(bySwitch);
  });

  it('refuses malformed orders rather than closing the wrong sockets', () => {
    for (const bad of [
      { scope: 'close', target: {}, reason: 'x' },
      { scope: 'close', target: { userId: 3, tokenHash: HASH }, reason: 'x' },
      { scope: 'close', target: { tokenHash: 'short' }, reason: 'x' },
      { scope: 'close', target: { tokenHash: HASH, factoryId: '2' }, reason: 'x' },
      { scope: 'close', target: { userId: 3, factoryId: 2 }, reason: 'x' },
      { scope: 'close', target: { userId: 1.5 }, reason: 'x' },
      { scope: 'close', target: { userId: 3 } },
      { scope: 'close', target: null, reason: 'x' },
    ]) {
      expect(parseCloseOrder(bad)).toBeNull();
      expect(parseBackplaneMessage(JSON.stringify(bad))).toBeNull();
    }
  });

  it('still reads broadcasts, and nothing else', () => {
    const broadcast = { scope: 'all', target: 'AlertReceived', payload: null };
    expect(parseBackplaneMessage(JSON.stringify(broadcast))).toEqual(broadcast);
    expect(parseBackplaneMessage('not json')).toBeNull();
    expect(parseBackplaneMessage('42')).toBeNull();
  });
});
