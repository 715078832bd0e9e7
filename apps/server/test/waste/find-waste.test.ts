import { describe, expect, it } from 'vitest';
import type { BaselineDayType } from '@wattboard/contract';
import { addDays, weekdayOf, ZoneClock } from '@wattboard/zone-time';
import {
  DEMO_SHIFTS,
  findWaste,
  priceFinding,
  quartersFromRollups,
  rankFindings,
  type QuarterKw,
} from '../../src/modules/waste/index.ts';

const taipei = new ZoneClock('Asia/Taipei');
const QUARTER = 15 * 60_000;
const dayTypeOf = (date: string): BaselineDayType =>
  weekdayOf(date) === 0 ? 'sundayHoliday' : weekdayOf(date) === 6 ? 'saturday' : 'weekday';

/** 35 days from a Monday: 10 kW in shifts, 0.1 kW off, 10 kW all through the fifth weekend. */
function weekendLeftOn(): QuarterKw[] {
  const quarters: QuarterKw[] = [];
  const leftOn = [
    taipei.startOfDay('2026-03-28') + 17 * 3_600_000,
    taipei.startOfDay('2026-03-30'),
  ];
  for (let d = 0; d < 35; d += 1) {
    const date = addDays('2026-03-02', d);
    for (let minute = 0; minute < 1440; minute += 15) {
      const start = taipei.startOfDay(date) + minute * 60_000;
      const working = DEMO_SHIFTS[dayTypeOf(date)].some(([f, t]) => minute >= f && minute < t);
      const on = working || (start >= leftOn[0]! && start < leftOn[1]! + 6 * 3_600_000);
      quarters.push({ start, kw: on ? 10 : 0.1 });
    }
  }
  return quarters;
}

describe('findWaste', () => {
  const input = {
    points: [{ pointId: 3, quarters: weekendLeftOn() }],
    partsOf: (t: number) => taipei.localParts(t),
    dayTypeOf,
  };

  it('prices each finding per week at the price and factor given', () => {
    const [finding] = findWaste(input, { ntdPerKwh: 3.5, kgCo2PerKwh: 0.494 });
    expect(finding).toMatchObject({ pointId: 3, kind: 'offHours' });
    expect(finding!.ntdPerWeek).toBeCloseTo(finding!.kwhPerWeek * 3.5, 6);
    expect(finding!.kgCo2PerWeek).toBeCloseTo(finding!.kwhPerWeek * 0.494, 6);
    expect(
      priceFinding({ ...finding!, kwhPerWeek: 0 }, { ntdPerKwh: 3, kgCo2PerKwh: 1 }),
    ).toMatchObject({ ntdPerWeek: 0, kgCo2PerWeek: 0 });
  });

  it('drops findings that ended before `from`, and works on no points at all', () => {
    expect(findWaste(input)).toHaveLength(1);
    expect(findWaste({ ...input, from: taipei.startOfDay('2026-04-01') })).toEqual([]);
    expect(findWaste({ ...input, points: [] })).toEqual([]);
  });

  it('ranks by kWh per week, the earlier first among equals', () => {
    const f = (start: number, kwhPerWeek: number) =>
      ({
        pointId: 1,
        kind: 'offHours',
        start,
        end: start + 1,
        kwh: kwhPerWeek,
        kwhPerWeek,
      }) as const;
    expect(rankFindings([f(2, 5), f(1, 9), f(0, 5)]).map((x) => x.start)).toEqual([1, 0, 2]);
  });
});

describe('quartersFromRollups', () => {
  it('turns net quarter energy into kW and drops silent stretches over an hour', () => {
    const rows = Array.from({ length: 8 }, (_, i) => ({
      start: i * QUARTER,
      kwhForward: 1,
      kwhReverse: 0.25,
      samples: i >= 1 && i <= 5 ? 0 : 1, // five quarters without a reading: an outage
    }));
    expect(quartersFromRollups(rows)).toEqual([
      { start: 0, kw: 3 },
      { start: 6 * QUARTER, kw: 3 },
      { start: 7 * QUARTER, kw: 3 },
    ]);
  });
});
