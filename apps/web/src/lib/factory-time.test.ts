import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  factoryNowMs,
  factoryTimeBase,
  formatFactoryClock,
  isValidTimeZone,
  parseUtcOffset,
  todayFor,
} from './factory-time';

describe('parseUtcOffset', () => {
  it('reads the offset written at the end of an ISO date-time', () => {
    expect(parseUtcOffset('2026-11-21T14:03:05+08:00')).toBe('+08:00');
    expect(parseUtcOffset('2026-11-21T14:03:05.123-0330')).toBe('-03:30');
    expect(parseUtcOffset('2026-11-21T06:03:05Z')).toBe('+00:00');
  });

  it('answers null when there is no offset', () => {
    expect(parseUtcOffset('2026-11-21T14:03:05')).toBeNull();
    expect(parseUtcOffset('')).toBeNull();
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA names and rejects anything else', () => {
    expect(isValidTimeZone('Asia/Taipei')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(480)).toBe(false);
  });
});

describe('factoryTimeBase', () => {
  const arrivedAt = Date.parse('2026-11-21T06:03:00Z');

  it('measures how far the factory clock is from this PC', () => {
    const base = factoryTimeBase({ dtNowFactory: '2026-11-21T14:03:05+08:00' }, arrivedAt);
    expect(base).toEqual({ zone: '+08:00', skewMs: 5000 });
  });

  it('prefers the IANA zone when the server sends one', () => {
    const base = factoryTimeBase(
      { dtNowFactory: '2026-11-21T14:03:05+08:00', timeZone: 'Asia/Taipei' },
      arrivedAt,
    );
    expect(base?.zone).toBe('Asia/Taipei');
  });

  it('falls back to the fixed offset when the zone is unusable', () => {
    const base = factoryTimeBase(
      { dtNowFactory: '2026-11-21T14:03:05+08:00', timeZone: 'Nowhere/Else' },
      arrivedAt,
    );
    expect(base?.zone).toBe('+08:00');
  });

  it('gives up on an unparsable dtNowFactory', () => {
    expect(factoryTimeBase({ dtNowFactory: 'soon' }, arrivedAt)).toBeNull();
  });
});

describe('the factory clock', () => {
  it('shows the factory time even when this PC clock is an hour wrong', () => {
    // The server said 14:03:05 in Taipei; this PC believed it was 05:03:05 UTC (an hour behind).
    const pcArrival = Date.parse('2026-11-21T05:03:05Z');
    const base = factoryTimeBase({ dtNowFactory: '2026-11-21T14:03:05+08:00' }, pcArrival)!;
    const tenSecondsLater = pcArrival + 10_000;
    expect(formatFactoryClock(factoryNowMs(base, tenSecondsLater), base.zone)).toEqual({
      time: '14:03:15',
      date: '21 Nov 2026',
    });
  });

  it('crosses midnight into the next factory day', () => {
    const instant = Date.parse('2026-12-31T16:00:01Z');
    expect(formatFactoryClock(instant, 'Asia/Taipei')).toEqual({
      time: '00:00:01',
      date: '01 Jan 2027',
    });
  });

  it('follows daylight saving time in a DST zone', () => {
    // Berlin: 29 Mar 2026 clocks jump from 02:00 CET to 03:00 CEST.
    expect(formatFactoryClock(Date.parse('2026-03-29T00:59:59Z'), 'Europe/Berlin').time).toBe(
      '01:59:59',
    );
    expect(formatFactoryClock(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Berlin').time).toBe(
      '03:00:00',
    );
    // A fixed offset cannot know that; the IANA zone is why the server sends it.
    expect(formatFactoryClock(Date.parse('2026-03-29T01:00:00Z'), '+01:00').time).toBe('02:00:00');
  });
});

describe('calendar days', () => {
  it('are the factory’s day, not UTC’s', () => {
    const lateEveningUtc = Date.parse('2026-11-21T20:00:00Z');
    expect(calendarDate(lateEveningUtc, 'Asia/Taipei')).toBe('2026-11-22');
    expect(calendarDate(lateEveningUtc, 'America/New_York')).toBe('2026-11-21');
  });

  it('use the factory clock for "today" once it is known', () => {
    const pcNow = Date.parse('2026-11-21T15:59:00Z');
    const base = { zone: 'Asia/Taipei', skewMs: 120_000 }; // factory is two minutes ahead
    expect(todayFor(base, pcNow)).toBe('2026-11-22');
  });
});
