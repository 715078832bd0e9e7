import { describe, expect, it } from 'vitest';
import { DEFAULT_TARIFF, type TariffDefinition } from '@wattboard/contract';
import { maskSegments, rateSegments } from '../../src/modules/cost/calc/rate-segments.ts';
import { TariffSchedule } from '../../src/modules/cost/calc/tariff-schedule.ts';
import { ZoneClock } from '@wattboard/zone-time';

const taipei = new ZoneClock('Asia/Taipei');
const newYork = new ZoneClock('America/New_York');
const schedule = new TariffSchedule([
  { id: 1, validFrom: '2000-01-01', definition: DEFAULT_TARIFF },
]);

/** Period and rate at a factory-local wall time "yyyy-MM-ddTHH:mm" in the clock's zone. */
function at(clock: ZoneClock, local: string, s = schedule) {
  const t = clock.fromCivil(Date.parse(`${local}:00Z`));
  const slot = s.slotAt(clock.localParts(t));
  return slot ? `${slot.period} ${slot.rate}` : null;
}

describe('which period a local time is in (default: Taipower table of 2025-10-01)', () => {
  it.each([
    // season boundaries: summer is 05-16 … 10-15 inclusive
    ['2026-05-15T17:00', 'halfPeak 5.47', 'Fri before summer: non-summer half-peak'],
    ['2026-05-18T17:00', 'peak 9.39', 'Mon in summer: peak'],
    ['2026-10-15T17:00', 'peak 9.39', 'Thu 10-15: last summer day'],
    ['2026-10-16T17:00', 'halfPeak 5.47', 'Fri 10-16: non-summer'],
    // period edges on a summer weekday (Wed 2026-07-15)
    ['2026-07-15T08:45', 'offPeak 2.53', '08:45 off-peak'],
    ['2026-07-15T09:00', 'halfPeak 5.85', '09:00 half-peak starts'],
    ['2026-07-15T15:45', 'halfPeak 5.85', '15:45 still half-peak'],
    ['2026-07-15T16:00', 'peak 9.39', '16:00 peak starts'],
    ['2026-07-15T21:45', 'peak 9.39', '21:45 last peak quarter'],
    ['2026-07-15T22:00', 'halfPeak 5.85', '22:00 half-peak again'],
    ['2026-07-15T23:45', 'halfPeak 5.85', '23:45'],
    ['2026-07-15T00:00', 'offPeak 2.53', 'midnight'],
    // non-summer weekday midday off-peak (Tue 2026-12-01)
    ['2026-12-01T10:45', 'halfPeak 5.47', '10:45'],
    ['2026-12-01T11:00', 'offPeak 2.32', '11:00 midday off-peak'],
    ['2026-12-01T14:00', 'halfPeak 5.47', '14:00'],
    // Saturday and Sunday
    ['2026-07-18T17:00', 'halfPeak 2.6', 'summer Saturday: Saturday half-peak rate'],
    ['2026-07-18T08:00', 'offPeak 2.53', 'summer Saturday morning'],
    ['2026-07-19T17:00', 'offPeak 2.53', 'Sunday: off-peak all day'],
    ['2026-12-05T15:00', 'halfPeak 2.41', 'non-summer Saturday'],
    // holidays bill as Sundays, also on a weekday
    ['2026-10-09T17:00', 'peak 9.39', 'Fri before National Day (still summer)'],
    ['2026-10-10T17:00', 'offPeak 2.53', 'National Day on a Saturday: a holiday, not a Saturday'],
    ['2026-09-25T17:00', 'offPeak 2.53', 'Mid-Autumn Festival (Fri, summer)'],
    ['2026-06-19T18:00', 'offPeak 2.53', 'Dragon Boat Festival (Fri, summer)'],
    ['2026-06-18T18:00', 'peak 9.39', 'the Thursday before it'],
    // off-peak days of the 2025-10-01 table: the day before New Year's Eve to the 5th day,
    // and the days the 2025 holiday law added (Teachers' Day, Retrocession Day, Constitution Day)
    ['2026-02-13T10:00', 'halfPeak 5.47', 'Fri before the Lunar New Year days'],
    ['2026-02-16T10:00', 'offPeak 2.32', "Mon 2-16: Lunar New Year's Eve"],
    ['2026-02-20T10:00', 'offPeak 2.32', 'Fri 2-20: the 4th day'],
    ['2027-02-04T10:00', 'offPeak 2.32', "Thu 2027-02-04: the day before New Year's Eve"],
    ['2027-02-10T10:00', 'offPeak 2.32', 'Wed 2027-02-10: the 5th day'],
    ['2027-02-11T10:00', 'halfPeak 5.47', 'Thu 2027-02-11: a working day again'],
    ['2026-09-28T17:00', 'offPeak 2.53', "Mon 9-28: Teachers' Day (summer)"],
    ['2027-10-25T10:00', 'offPeak 2.32', 'Mon 2027-10-25: Retrocession Day'],
    ['2026-12-25T10:00', 'offPeak 2.32', 'Fri 12-25: Constitution Day'],
  ])('%s → %s (%s)', (local, expected) => {
    expect(at(taipei, local)).toBe(expected);
  });

  it('is null before the first version', () => {
    const later = new TariffSchedule([
      { id: 2, validFrom: '2026-01-01', definition: DEFAULT_TARIFF },
    ]);
    expect(at(taipei, '2025-12-31T17:00', later)).toBeNull();
    expect(at(taipei, '2026-01-02T17:00', later)).toBe('halfPeak 5.47');
  });
});

describe('a factory in a DST zone (America/New_York) reads periods off its wall clock', () => {
  it.each([
    // 2026-03-08: clocks go 02:00 → 03:00 (a Sunday; use the Monday after)
    ['2026-03-09T05:45', 'offPeak 2.32'],
    ['2026-03-09T06:00', 'halfPeak 5.47'],
    // summer time: 16:00 EDT is 20:00 UTC
    ['2026-07-15T16:00', 'peak 9.39'],
    ['2026-07-15T15:45', 'halfPeak 5.85'],
    // 2026-11-01 clocks go back; Monday 11-02 in standard time
    ['2026-11-02T11:00', 'offPeak 2.32'],
  ])('%s → %s', (local, expected) => {
    expect(at(newYork, local)).toBe(expected);
  });

  it('a 23-hour day (spring forward) has 92 quarters, a 25-hour day 100, all priced', () => {
    for (const [date, next, quarters] of [
      ['2026-03-08', '2026-03-09', 92],
      ['2026-11-01', '2026-11-02', 100],
    ] as const) {
      const range = { from: newYork.startOfDay(date), to: newYork.startOfDay(next) };
      const segments = rateSegments(range, [range.from], schedule, newYork);
      const covered = segments.reduce((n, s) => n + (s.to - s.from) / 900_000, 0);
      expect(covered).toBe(quarters);
      // Sundays: one off-peak segment for the whole day
      expect(segments.map((s) => s.period)).toEqual(['offPeak']);
    }
  });
});

describe('rate segments', () => {
  it('cut a summer weekday at its period edges and at each interval start', () => {
    const range = { from: taipei.startOfDay('2026-07-15'), to: taipei.startOfDay('2026-07-16') };
    const hhmm = (t: number) => taipei.formatIso(t).slice(11, 16);
    const byDay = rateSegments(range, [range.from], schedule, taipei);
    expect(byDay.map((s) => `${hhmm(s.from)}-${hhmm(s.to)} ${s.period}`)).toEqual([
      '00:00-09:00 offPeak',
      '09:00-16:00 halfPeak',
      '16:00-22:00 peak',
      '22:00-00:00 halfPeak',
    ]);
    const noon = taipei.startOfDay('2026-07-15') + 12 * 3_600_000;
    const cut = rateSegments(range, [range.from, noon], schedule, taipei);
    expect(cut.map((s) => `${hhmm(s.from)} ${s.interval}`)).toEqual([
      '00:00 0',
      '09:00 0',
      '12:00 1',
      '16:00 1',
      '22:00 1',
    ]);
  });

  it('follow a tariff change in the middle of a month', () => {
    const dearer: TariffDefinition = structuredClone(DEFAULT_TARIFF);
    for (const day of dearer.days) day.rates.offPeak = 3;
    const changing = new TariffSchedule([
      { id: 1, validFrom: '2000-01-01', definition: DEFAULT_TARIFF },
      { id: 2, validFrom: '2026-12-16', definition: dearer },
    ]);
    expect(at(taipei, '2026-12-15T03:00', changing)).toBe('offPeak 2.32');
    expect(at(taipei, '2026-12-16T03:00', changing)).toBe('offPeak 3');
    const range = { from: taipei.startOfDay('2026-12-15'), to: taipei.startOfDay('2026-12-17') };
    const segments = rateSegments(range, [range.from], changing, taipei);
    // the change cuts at local midnight even inside one interval
    expect(segments.filter((s) => s.rate === 3).map((s) => taipei.formatIso(s.from))).toEqual([
      '2026-12-16T00:00:00+08:00',
      '2026-12-16T11:00:00+08:00',
    ]);
  });
});

describe('masking segments to windows (the Consumption Query selection)', () => {
  it('splits at window edges and marks the rest excluded, staying contiguous', () => {
    const h = (n: number) => n * 3_600_000;
    const segments = [
      { from: 0, to: h(9), interval: 0, period: 'offPeak' as const, rate: 2 },
      { from: h(9), to: h(24), interval: 0, period: 'halfPeak' as const, rate: 5 },
    ];
    const masked = maskSegments(segments, [
      { from: h(8), to: h(10) },
      { from: h(20), to: h(30) },
    ]);
    expect(masked.map((s) => [s.from / h(1), s.to / h(1), s.period, s.excluded ?? false])).toEqual([
      [0, 8, 'offPeak', true],
      [8, 9, 'offPeak', false],
      [9, 10, 'halfPeak', false],
      [10, 20, 'halfPeak', true],
      [20, 24, 'halfPeak', false],
    ]);
  });
});
