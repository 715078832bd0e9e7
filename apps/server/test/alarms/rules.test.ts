import { describe, expect, it } from 'vitest';
import {
  breachedLimit,
  deadbands,
  isClearlyInside,
  isRecentReading,
  nextStatus,
  RECENT_READING_MS,
} from '../../src/modules/alarms/rules.ts';

const range = { low: 200, high: 240 };

describe('breachedLimit', () => {
  it('is strictly beyond a limit; on the limit is not a breach', () => {
    expect(breachedLimit(240.01, range)).toBe('high');
    expect(breachedLimit(199.99, range)).toBe('low');
    expect(breachedLimit(240, range)).toBeNull();
    expect(breachedLimit(200, range)).toBeNull();
    expect(breachedLimit(220, range)).toBeNull();
  });

  it('a missing bound never breaches on its side', () => {
    expect(breachedLimit(10_000, { low: 200, high: null })).toBeNull();
    expect(breachedLimit(-10_000, { low: null, high: 240 })).toBeNull();
    expect(breachedLimit(-5, { low: null, high: null })).toBeNull();
  });

  it('works for negative limits (export power)', () => {
    expect(breachedLimit(-61, { low: -60, high: null })).toBe('low');
  });
});

describe('deadband (2 % of the limit)', () => {
  it('is 2 % of each limit magnitude', () => {
    expect(deadbands(range)).toEqual({ low: 4, high: 4.8 });
    expect(deadbands({ low: -50, high: null })).toEqual({ low: 1, high: 0 });
  });

  it('never exceeds a quarter of a narrow range', () => {
    expect(deadbands({ low: 99, high: 100 })).toEqual({ low: 0.25, high: 0.25 });
  });

  it('clearly inside means inside by the deadband on every limited side', () => {
    expect(isClearlyInside(235.2, range)).toBe(true); // exactly 2 % inside
    expect(isClearlyInside(235.3, range)).toBe(false);
    expect(isClearlyInside(204, range)).toBe(true);
    expect(isClearlyInside(203.9, range)).toBe(false);
    expect(isClearlyInside(1e9, { low: 200, high: null })).toBe(true);
  });
});

describe('nextStatus', () => {
  it('a breach raises the alarm from normal', () => {
    expect(nextStatus('normal', 241, range)).toBe('alarm');
    expect(nextStatus('normal', 199, range)).toBe('alarm');
  });

  it('a value sitting on the limit does not flap either way', () => {
    expect(nextStatus('normal', 240, range)).toBe('normal');
    expect(nextStatus('alarm', 240, range)).toBe('alarm');
    let status: 'normal' | 'alarm' = 'normal';
    const seen = [241, 240, 240.0, 239.9, 240, 238].map(
      (v) => (status = nextStatus(status, v, range)),
    );
    expect(seen).toEqual(['alarm', 'alarm', 'alarm', 'alarm', 'alarm', 'alarm']);
  });

  it('just inside keeps the alarm; 2 % inside clears it (high side)', () => {
    expect(nextStatus('alarm', 239, range)).toBe('alarm');
    expect(nextStatus('alarm', 235.2, range)).toBe('normal');
  });

  it('just inside keeps the alarm; 2 % inside clears it (low side)', () => {
    expect(nextStatus('alarm', 201, range)).toBe('alarm');
    expect(nextStatus('alarm', 204, range)).toBe('normal');
  });

  it('with one bound only, the other side never matters', () => {
    const highOnly = { low: null, high: 50 };
    expect(nextStatus('alarm', -1000, highOnly)).toBe('normal');
    expect(nextStatus('alarm', 49.5, highOnly)).toBe('alarm');
    expect(nextStatus('alarm', 49, highOnly)).toBe('normal');
  });

  it('with no bounds nothing alarms and an alarm clears', () => {
    expect(nextStatus('normal', 1e9, { low: null, high: null })).toBe('normal');
    expect(nextStatus('alarm', 0, { low: null, high: null })).toBe('normal');
  });

  it('a limit of 0 has no deadband: back to normal on the limit', () => {
    expect(nextStatus('alarm', 0, { low: 0, high: null })).toBe('normal');
    expect(nextStatus('normal', -0.001, { low: 0, high: null })).toBe('alarm');
  });
});

describe('isRecentReading', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  it('counts readings up to 15 minutes old (and early ones) as recent', () => {
    expect(isRecentReading(new Date(now.getTime() - RECENT_READING_MS), now)).toBe(true);
    expect(isRecentReading(new Date(now.getTime() - RECENT_READING_MS - 1), now)).toBe(false);
    expect(isRecentReading(new Date(now.getTime() + 60_000), now)).toBe(true);
    expect(isRecentReading(new Date('2025-12-01T00:00:00Z'), now)).toBe(false);
  });
});
