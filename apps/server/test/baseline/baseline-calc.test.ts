import { describe, expect, it } from 'vitest';
import { BASELINE_DAYS, type BaselineDayType } from '@wattboard/contract';
import { addDays, weekdayOf, ZoneClock } from '@wattboard/zone-time';
import {
  baselineDays,
  dayProfiles,
  measuredQuarters,
  median,
  medianProfile,
  type DayProfile,
} from '../../src/modules/baseline/calc/baseline.ts';
import { baselineSeries, quarterStarts } from '../../src/modules/baseline/calc/baseline-series.ts';

const QUARTER = 15 * 60_000;
const byWeekday = (date: string): BaselineDayType => {
  const weekday = weekdayOf(date);
  return weekday === 0 ? 'sundayHoliday' : weekday === 6 ? 'saturday' : 'weekday';
};
/** A full day at `kw` in every quarter (or only the first `quarters`). */
const flat = (kw: number, quarters = 96): DayProfile =>
  new Map(Array.from({ length: quarters }, (_, q) => [q * 15, kw]));

describe('dayProfiles', () => {
  it('turns each quarter’s net energy into its mean kW, by local day and minute', () => {
    const taipei = new ZoneClock('Asia/Taipei');
    const midnight = taipei.startOfDay('2026-11-20');
    const profiles = dayProfiles(
      [
        { start: midnight, kwhForward: 0.25, kwhReverse: 0, samples: 1 },
        { start: midnight + QUARTER, kwhForward: 1, kwhReverse: 0.5, samples: 1 },
        { start: midnight - QUARTER, kwhForward: 3, kwhReverse: 0, samples: 1 },
      ],
      (t) => taipei.localParts(t),
    );
    expect([...profiles.get('2026-11-20')!]).toEqual([
      [0, 1],
      [15, 2],
    ]);
    expect([...profiles.get('2026-11-19')!]).toEqual([[1425, 12]]);
  });

  it('gives the hour the clocks go back, lived twice, the mean of its two quarters', () => {
    const newYork = new ZoneClock('America/New_York');
    // 2026-11-01 01:00 EDT, then 01:00 EST an hour later.
    const first = Date.parse('2026-11-01T05:00:00Z');
    const profiles = dayProfiles(
      [
        { start: first, kwhForward: 1, kwhReverse: 0, samples: 1 },
        { start: first + 4 * QUARTER, kwhForward: 2, kwhReverse: 0, samples: 1 },
      ],
      (t) => newYork.localParts(t),
    );
    expect(profiles.get('2026-11-01')!.get(60)).toBe(6);
  });
});

describe('measuredQuarters', () => {
  const row = (quarter: number, samples: number) => ({
    start: quarter * QUARTER,
    kwhForward: 1,
    kwhReverse: 0,
    samples,
  });
  const starts = (rows: { start: number }[]) => rows.map((r) => r.start / QUARTER);

  it('keeps the quarters between hourly readings: an hour’s mean is how the load ran', () => {
    const hourly = Array.from({ length: 12 }, (_, q) => row(q, q % 4 === 0 ? 1 : 0));
    expect(starts(measuredQuarters(hourly))).toEqual(starts(hourly));
  });

  it('leaves out a silent stretch longer than an hour, and one broken by a missing rollup', () => {
    const outage = [row(0, 1), ...[1, 2, 3, 4, 5].map((q) => row(q, 0)), row(6, 2)];
    expect(starts(measuredQuarters(outage))).toEqual([0, 6]);
    const split = [row(0, 0), row(1, 0), row(3, 0), row(4, 0), row(5, 0), row(6, 0), row(7, 0)];
    expect(starts(measuredQuarters(split))).toEqual([0, 1]);
  });
});

describe('baselineDays', () => {
  const history = new Map<string, DayProfile>();
  for (let back = 1; back <= 80; back += 1) history.set(addDays('2026-11-20', -back), flat(10));

  it('takes the latest eight earlier days of the same day type, newest first', () => {
    const days = baselineDays('2026-11-20', byWeekday, history);
    expect(days).toHaveLength(BASELINE_DAYS);
    expect(days.slice(0, 3)).toEqual(['2026-11-19', '2026-11-18', '2026-11-17']);
    expect(days.every((day) => byWeekday(day) === 'weekday')).toBe(true);
    expect(baselineDays('2026-11-21', byWeekday, history)[0]).toBe('2026-11-14');
  });

  it('leaves out days with data for under 90 % of their quarters, and days of another type', () => {
    const gaps = new Map(history);
    gaps.set('2026-11-19', flat(10, 86));
    gaps.set('2026-11-18', flat(10, 87));
    const holiday = (date: string) => (date === '2026-11-17' ? 'sundayHoliday' : byWeekday(date));
    const days = baselineDays('2026-11-20', holiday, gaps);
    expect(days.slice(0, 2)).toEqual(['2026-11-18', '2026-11-16']);
  });

  it('looks back 70 days at most, and finds nothing without history', () => {
    const sparse = new Map([
      ['2026-09-04', flat(1)],
      ['2026-09-11', flat(1)],
    ]);
    // 2026-11-20 − 70 days = 2026-09-11: within; 2026-09-04 is 77 days back.
    expect(baselineDays('2026-11-20', byWeekday, sparse)).toEqual(['2026-09-11']);
    expect(baselineDays('2026-11-20', byWeekday, new Map())).toEqual([]);
  });
});

describe('median and medianProfile', () => {
  it('is the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('is not pulled by one odd day, and uses the days that have each quarter', () => {
    const profiles = new Map<string, DayProfile>([
      ['a', flat(10)],
      ['b', flat(11)],
      ['c', flat(50)],
      ['d', flat(12, 4)],
    ]);
    const typical = medianProfile(['a', 'b', 'c', 'd'], profiles);
    expect(typical.get(0)).toBe(11.5);
    expect(typical.get(1425)).toBe(11);
  });
});

describe('baselineSeries', () => {
  it('answers every quarter of the range, null where no earlier day has it', () => {
    const taipei = new ZoneClock('Asia/Taipei');
    const from = taipei.startOfDay('2026-11-20');
    const profiles = new Map<string, DayProfile>([['2026-11-19', flat(7)]]);
    const result = baselineSeries({
      quarters: quarterStarts(from, from + 2 * 86_400_000),
      partsOf: (t) => taipei.localParts(t),
      dayTypeOf: byWeekday,
      profiles,
      formatTime: (t) => taipei.formatIso(t),
    });
    expect(result.baselineKw).toHaveLength(192);
    expect(result.baselineKw[0]).toEqual({ time: '2026-11-20T00:00:00+08:00', value: 7 });
    expect(result.baselineKw[96]).toEqual({ time: '2026-11-21T00:00:00+08:00', value: null });
    expect(result.days).toEqual([
      { date: '2026-11-20', dayType: 'weekday', basedOn: ['2026-11-19'] },
      { date: '2026-11-21', dayType: 'saturday', basedOn: [] },
    ]);
  });
});
