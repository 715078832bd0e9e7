import { describe, expect, it } from 'vitest';
import { factoryNowMs, factoryTimeBase, todayFor } from './index.ts';

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

  it('gives up on an unparsable dtNowFactory or one without an offset and no zone', () => {
    expect(factoryTimeBase({ dtNowFactory: 'soon' }, arrivedAt)).toBeNull();
    expect(factoryTimeBase({ dtNowFactory: '2026-11-21T14:03:05' }, arrivedAt)).toBeNull();
  });
});

describe('the factory clock and its today', () => {
  it('corrects this PC clock by the skew', () => {
    const pcNow = Date.parse('2026-11-21T05:03:05Z');
    expect(factoryNowMs({ zone: 'Asia/Taipei', skewMs: 3_600_000 }, pcNow)).toBe(
      Date.parse('2026-11-21T06:03:05Z'),
    );
  });

  it('uses the factory clock for "today" once it is known', () => {
    const pcNow = Date.parse('2026-11-21T15:59:00Z');
    const base = { zone: 'Asia/Taipei', skewMs: 120_000 }; // factory is two minutes ahead
    expect(todayFor(base, pcNow)).toBe('2026-11-22');
    expect(todayFor({ zone: '+08:00', skewMs: 0 }, pcNow)).toBe('2026-11-21');
  });

  it('uses this PC calendar before the factory clock is known', () => {
    const pcNow = new Date(2026, 10, 21, 23, 59).getTime(); // 23:59 on this PC
    expect(todayFor(null, pcNow)).toBe('2026-11-21');
  });
});
