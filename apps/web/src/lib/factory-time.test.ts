import { describe, expect, it } from 'vitest';
import { factoryNowMs, factoryTimeBase } from '@wattboard/zone-time';
import { formatFactoryClock } from './factory-time';

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
