import { describe, expect, it } from 'vitest';
import {
  chartAxis,
  localHourStarts,
  checkResolution,
} from '../../src/modules/monitor/calc/buckets.ts';
import {
  fitsWithinDays,
  localDaysOf,
  monthOf,
  resolveTimeRange,
} from '../../src/modules/monitor/calc/time-range.ts';
import { HOUR_MS as HOUR, ZoneClock } from '@wattboard/zone-time';

const at = (iso: string) => Date.parse(iso);
const berlin = new ZoneClock('Europe/Berlin');
const taipei = new ZoneClock('Asia/Taipei');

describe('monitor ranges', () => {
  it('reads days as inclusive local days and date-times in the zone or by offset', () => {
    expect(resolveTimeRange({ start: '2026-11-21', end: '2026-11-21' }, taipei)).toEqual({
      from: at('2026-11-20T16:00:00Z'),
      to: at('2026-11-21T16:00:00Z'),
    });
    expect(
      resolveTimeRange({ start: '2026-11-21T10:00', end: '2026-11-21T12:00:00Z' }, taipei),
    ).toEqual({ from: at('2026-11-21T02:00:00Z'), to: at('2026-11-21T12:00:00Z') });
    expect(
      resolveTimeRange({ start: '2026-11-21T10:00:00+09:00', end: '2026-11-22' }, taipei).from,
    ).toBe(at('2026-11-21T01:00:00Z'));
  });

  it('lists the local days a range touches with their own lengths', () => {
    const range = resolveTimeRange({ start: '2026-10-24', end: '2026-10-25' }, berlin);
    const days = localDaysOf(range, berlin);
    expect(days.map((day) => [day.date, (day.to - day.from) / HOUR])).toEqual([
      ['2026-10-24', 24],
      ['2026-10-25', 25],
    ]);
  });

  it('finds the local month, across a year end', () => {
    expect(monthOf(at('2026-10-31T16:30:00Z'), taipei)).toEqual({
      from: at('2026-10-31T16:00:00Z'),
      to: at('2026-11-30T16:00:00Z'),
    });
    expect(monthOf(at('2026-12-15T00:00:00Z'), berlin).to).toBe(at('2026-12-31T23:00:00Z'));
  });

  it('lets a week of whole days with a 25-hour day count as 7 days', () => {
    const week = resolveTimeRange({ start: '2026-10-19', end: '2026-10-25' }, berlin);
    expect(fitsWithinDays(week, 7)).toBe(true);
    const eightDays = resolveTimeRange({ start: '2026-10-19', end: '2026-10-26' }, berlin);
    expect(fitsWithinDays(eightDays, 7)).toBe(false);
    expect(checkResolution(5, eightDays)).toMatch(/at most 7 days/);
    expect(checkResolution(15, eightDays)).toBe(15);
    expect(checkResolution(30, week)).toMatch(/one of 1, 5, 15, 60/);
  });
});

describe('chart buckets', () => {
  it('has 23, 24 and 25 local hours on DST days, each a local hour start', () => {
    for (const [date, hours] of [
      ['2026-03-29', 23],
      ['2026-06-01', 24],
      ['2026-10-25', 25],
    ] as const) {
      const starts = localHourStarts(resolveTimeRange({ start: date, end: date }, berlin), berlin);
      expect(starts).toHaveLength(hours);
      for (const start of starts) expect(berlin.localParts(start).minuteOfDay % 60).toBe(0);
    }
  });

  it('follows a zone whose daylight saving moves the clock by 30 minutes', () => {
    const lordHowe = new ZoneClock('Australia/Lord_Howe');
    const day = resolveTimeRange({ start: '2026-04-05', end: '2026-04-05' }, lordHowe);
    const starts = localHourStarts(day, lordHowe);
    // The clocks go back from 02:00 to 01:30: hour 01 starts once, and the day has 24.5 h.
    expect(starts.map((t) => lordHowe.formatIso(t).slice(11, 16))).toEqual(
      Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`),
    );
  });

  it('aligns minute charts to the range and finds the real-time demand window', () => {
    const range = { from: at('2026-11-21T02:07:00Z'), to: at('2026-11-21T03:00:00Z') };
    expect(chartAxis(15, range, taipei).map((t) => new Date(t).toISOString())).toEqual([
      '2026-11-21T02:15:00.000Z',
      '2026-11-21T02:30:00.000Z',
      '2026-11-21T02:45:00.000Z',
    ]);
    expect(chartAxis(5, range, taipei)).toHaveLength(10);
  });
});
