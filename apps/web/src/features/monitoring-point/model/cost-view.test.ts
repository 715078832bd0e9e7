import { describe, expect, it } from 'vitest';
import { bucketLabel, costInterval, narrowsDays } from './cost-view';

describe('cost series', () => {
  it('buckets by hour for a day or two, by day up to two months, then by month', () => {
    expect(costInterval(1)).toBe('hour');
    expect(costInterval(2)).toBe('hour');
    expect(costInterval(3)).toBe('day');
    expect(costInterval(62)).toBe('day');
    expect(costInterval(63)).toBe('month');
    expect(costInterval(366)).toBe('month');
  });

  it('writes a bucket start in factory-local time to the precision of its interval', () => {
    const start = '2026-11-21T13:15:00+08:00';
    expect(bucketLabel(start, 'hour')).toBe('2026/11/21 13:15');
    expect(bucketLabel(start, 'quarterHour')).toBe('2026/11/21 13:15');
    expect(bucketLabel('2026-11-21T00:00:00+08:00', 'day')).toBe('2026/11/21');
    expect(bucketLabel('2026-11-01T00:00:00-05:00', 'month')).toBe('2026/11');
  });

  it('knows when the consumption query narrows the whole days', () => {
    const all = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    expect(
      narrowsDays({ timeRange: { startTime: '00:00', endTime: '24:00' }, weekdays: all }),
    ).toBe(false);
    expect(
      narrowsDays({ timeRange: { startTime: '00:00', endTime: '00:00' }, weekdays: all }),
    ).toBe(false);
    expect(
      narrowsDays({ timeRange: { startTime: '08:00', endTime: '24:00' }, weekdays: all }),
    ).toBe(true);
    expect(
      narrowsDays({ timeRange: { startTime: '00:00', endTime: '24:00' }, weekdays: all.slice(1) }),
    ).toBe(true);
  });
});
