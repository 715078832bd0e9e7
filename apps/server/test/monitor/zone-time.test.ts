import { describe, expect, it } from 'vitest';
import {
  addDays,
  clockMinutes,
  datesBetween,
  weekdayOf,
} from '../../src/domain/monitor/civil-date.ts';
import { chartAxis, localHourStarts, checkResolution } from '../../src/domain/monitor/buckets.ts';
import {
  fitsWithinDays,
  localDaysOf,
  monthOf,
  resolveTimeRange,
} from '../../src/domain/monitor/time-range.ts';
import { ZoneClock } from '../../src/domain/monitor/zone-clock.ts';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;
const berlin = new ZoneClock('Europe/Berlin');
const taipei = new ZoneClock('Asia/Taipei');

describe('civil dates', () => {
  it('counts weekdays from Sunday and steps over month and leap-year ends', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-21')).toBe(6);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(datesBetween('2026-11-29', '2026-12-02')).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(datesBetween('2026-11-02', '2026-11-01')).toEqual([]);
  });

  it('reads clock times, with 24:00 closing the day', () => {
    expect(clockMinutes('00:00')).toBe(0);
    expect(clockMinutes('22:30')).toBe(1350);
    expect(clockMinutes('24:00')).toBe(1440);
    expect(() => clockMinutes('24:30')).toThrow(/No such time/);
    expect(() => clockMinutes('7:00')).toThrow(/HH:mm/);
  });
});

describe('ZoneClock', () => {
  it('gives daylight-saving days 23 and 25 hours', () => {
    const springDay = berlin.startOfDay('2026-03-30') - berlin.startOfDay('2026-03-29');
    const autumnDay = berlin.startOfDay('2026-10-26') - berlin.startOfDay('2026-10-25');
    expect(springDay / HOUR).toBe(23);
    expect(autumnDay / HOUR).toBe(25);
    expect(berlin.startOfDay('2026-03-29')).toBe(at('2026-03-28T23:00:00Z'));
  });

  it('maps a skipped time to the jump and a repeated time to its first occurrence', () => {
    expect(berlin.fromCivil(at('2026-03-29T02:30:00Z'))).toBe(at('2026-03-29T01:00:00Z'));
    expect(berlin.fromCivil(at('2026-10-25T02:30:00Z'))).toBe(at('2026-10-25T00:30:00Z'));
    expect(berlin.formatIso(at('2026-10-25T00:30:00Z'))).toBe('2026-10-25T02:30:00+02:00');
    expect(berlin.formatIso(at('2026-10-25T01:30:00Z'))).toBe('2026-10-25T02:30:00+01:00');
  });

  it('starts a day whose midnight is skipped at the moment the clocks jump', () => {
    const santiago = new ZoneClock('America/Santiago');
    expect(santiago.formatIso(santiago.startOfDay('2026-09-06'))).toBe('2026-09-06T01:00:00-03:00');
  });

  it('reads local parts and agrees with Intl over a whole year, hour by hour', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    for (let t = at('2026-01-01T00:00:00Z'); t < at('2027-01-01T00:00:00Z'); t += HOUR + 60_000) {
      const parts = berlin.localParts(t);
      const expected = intl.format(t).replace(',', '');
      const hh = String(Math.floor(parts.minuteOfDay / 60)).padStart(2, '0');
      const mm = String(parts.minuteOfDay % 60).padStart(2, '0');
      expect(`${parts.date} ${hh}:${mm}`).toBe(expected);
    }
  });

  it('rejects an unknown zone', () => {
    expect(() => new ZoneClock('Mars/Olympus')).toThrow(RangeError);
  });
});

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
