import { describe, expect, it } from 'vitest';
import { segmentInfo } from './monitor.ts';
import { readEndOfDayClock, readEndOfDayDateTime } from './time.ts';

describe('an end bound written as the end of the day', () => {
  it.each(['23:59', '23:59:00', '23:59:59', '23:59:59.999', '23:59:59.9999999'])(
    'reads clock %s as 24:00',
    (time) => {
      expect(readEndOfDayClock(time)).toBe('24:00');
    },
  );

  it.each(['23:58', '23:45', '24:00', '00:00', '23:59:30', '23:59:58.999', '12:59:59', '23:5'])(
    'leaves clock %s as it is',
    (time) => {
      expect(readEndOfDayClock(time)).toBe(time);
    },
  );

  it('reads a date-time at 23:59… as the next day 00:00 in the same offset', () => {
    expect(readEndOfDayDateTime('2026-11-20T23:59')).toBe('2026-11-21T00:00');
    expect(readEndOfDayDateTime('2026-11-20T23:59:59')).toBe('2026-11-21T00:00');
    expect(readEndOfDayDateTime('2026-11-20T23:59:59.999+08:00')).toBe('2026-11-21T00:00+08:00');
    expect(readEndOfDayDateTime('2026-11-20T23:59:00Z')).toBe('2026-11-21T00:00Z');
    // Month, year and leap-day ends roll over too.
    expect(readEndOfDayDateTime('2026-12-31T23:59:59')).toBe('2027-01-01T00:00');
    expect(readEndOfDayDateTime('2028-02-28T23:59')).toBe('2028-02-29T00:00');
    expect(readEndOfDayDateTime('2028-02-29T23:59')).toBe('2028-03-01T00:00');
  });

  it('leaves any other date-time or a bare day alone', () => {
    for (const value of [
      '2026-11-20T23:58',
      '2026-11-20T23:59:30',
      '2026-11-20T12:00',
      '2026-11-20',
      '2026-11-21T00:00+08:00',
    ]) {
      expect(readEndOfDayDateTime(value)).toBe(value);
    }
  });

  it("makes a consumption query's endTime 23:59 (or 23:59:59) 24:00, and only the end", () => {
    const query = (startTime: string, endTime: string) =>
      segmentInfo.safeParse({
        dateRange: { startDate: '2026-11-20', endDate: '2026-11-20' },
        timeRange: { startTime, endTime },
        weekdays: ['Fri'],
      });
    expect(query('08:00', '23:59').data?.timeRange).toEqual({
      startTime: '08:00',
      endTime: '24:00',
    });
    expect(query('08:00', '23:59:59').data?.timeRange.endTime).toBe('24:00');
    expect(query('08:00', '23:58').data?.timeRange.endTime).toBe('23:58');
    // As a start, 23:59:59 is no time of day the query takes.
    expect(query('23:59:59', '24:00').success).toBe(false);
    expect(query('08:00', '23:59:30').success).toBe(false);
    // 23:59:00 with a fraction is the end of the day only when the fraction is zero; any
    // other is refused, never passed on as an endTime that is no HH:mm.
    expect(query('08:00', '23:59:00.000').data?.timeRange.endTime).toBe('24:00');
    expect(query('08:00', '23:59:00.5').success).toBe(false);
  });
});
