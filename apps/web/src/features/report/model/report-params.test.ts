import { describe, expect, it } from 'vitest';
import { daysInRange, fittingInterval, intervalFits, readReportParams } from './report-params';

const read = (query: string) => readReportParams(new URLSearchParams(query));

describe('report view parameters from the URL', () => {
  it('defaults to the readings table, hourly energy and every channel', () => {
    expect(read('')).toEqual({ view: 'readings', interval: 'hour', channelId: null });
  });

  it('reads the energy view, an interval and a channel', () => {
    expect(read('view=energy&interval=quarterHour&channelId=92')).toEqual({
      view: 'energy',
      interval: 'quarterHour',
      channelId: 92,
    });
  });

  it('ignores unknown views and intervals and unusable channel ids', () => {
    for (const query of ['view=chart&interval=week&channelId=x', 'channelId=-3', 'channelId=1.5']) {
      expect(read(query)).toEqual({ view: 'readings', interval: 'hour', channelId: null });
    }
  });
});

describe('energy intervals for a range', () => {
  it('counts both ends of the range, across a month end and a leap day', () => {
    expect(daysInRange('2026-11-21', '2026-11-21')).toBe(1);
    expect(daysInRange('2028-02-28', '2028-03-01')).toBe(3);
  });

  it('offers 15 minutes up to 31 days and hours up to 124', () => {
    expect(intervalFits('quarterHour', 31)).toBe(true);
    expect(intervalFits('quarterHour', 32)).toBe(false);
    expect(intervalFits('hour', 124)).toBe(true);
    expect(intervalFits('hour', 125)).toBe(false);
    expect(intervalFits('day', 366)).toBe(true);
  });

  it('keeps a fitting choice and moves a too-fine one to the finest that fits', () => {
    expect(fittingInterval('quarterHour', 7)).toBe('quarterHour');
    expect(fittingInterval('quarterHour', 60)).toBe('hour');
    expect(fittingInterval('hour', 365)).toBe('day');
    expect(fittingInterval('month', 2)).toBe('month');
  });
});
