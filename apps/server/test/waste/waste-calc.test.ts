import { describe, expect, it } from 'vitest';
import type { BaselineDayType } from '@wattboard/contract';
import { addDays, weekdayOf, ZoneClock } from '@wattboard/zone-time';
import { DEMO_SHIFTS, shiftCalendar } from '../../src/modules/waste/calc/calendar.ts';
import { findPointWaste } from '../../src/modules/waste/calc/find.ts';
import { pointView, type FinderContext } from '../../src/modules/waste/calc/point-view.ts';
import { quantile, robustSpread } from '../../src/modules/waste/calc/stats.ts';
import type { QuarterKw } from '../../src/modules/waste/calc/types.ts';

const taipei = new ZoneClock('Asia/Taipei');
const HOUR = 3_600_000;
const FIRST = '2026-03-02'; // a Monday
const byWeekday = (date: string): BaselineDayType =>
  weekdayOf(date) === 0 ? 'sundayHoliday' : weekdayOf(date) === 6 ? 'saturday' : 'weekday';

function context(holidays: readonly string[] = []): FinderContext {
  const dayTypeOf = (date: string) => (holidays.includes(date) ? 'sundayHoliday' : byWeekday(date));
  return {
    partsOf: (t) => taipei.localParts(t),
    dayTypeOf,
    calendar: shiftCalendar(DEMO_SHIFTS, dayTypeOf),
  };
}

/** A machine: 10 kW in the demo's shifts, 0.2 kW otherwise, a little wobble. */
const machine = (date: string, minute: number): number => {
  const working = DEMO_SHIFTS[byWeekday(date)].some(([f, t]) => minute >= f && minute < t);
  return (working ? 10 : 0.2) + 0.05 * Math.sin(minute);
};

/** `days` days of quarters from FIRST; `kw` may return null for a gap. */
function series(days: number, kw: (date: string, minute: number) => number | null): QuarterKw[] {
  const quarters: QuarterKw[] = [];
  for (let d = 0; d < days; d += 1) {
    const date = addDays(FIRST, d);
    const midnight = taipei.startOfDay(date);
    for (let minute = 0; minute < 1440; minute += 15) {
      const value = kw(date, minute);
      if (value !== null) quarters.push({ start: midnight + minute * 60_000, kw: value });
    }
  }
  return quarters;
}

const at = (date: string, hour: number) => taipei.startOfDay(date) + hour * HOUR;
const within = (date: string, minute: number, from: [string, number], to: [string, number]) => {
  const t = at(date, minute / 60);
  return t >= at(...from) && t < at(...to);
};
const find = (quarters: QuarterKw[], holidays: string[] = []) =>
  findPointWaste({ pointId: 7, quarters }, context(holidays), { standby: false });

describe('waste finder: what runs when nobody works', () => {
  it('finds nothing in an empty series, or in a point that keeps to its shifts', () => {
    expect(find([])).toEqual([]);
    expect(pointView({ pointId: 7, quarters: [] }, context())).toBeNull();
    expect(find(series(35, machine))).toEqual([]);
  });

  it('finds a machine left running over a weekend, with its kWh', () => {
    // Saturday 2026-03-28 17:00 to Monday 2026-03-30 06:00: 37 h at 10 kW instead of 0.2.
    const quarters = series(35, (date, minute) =>
      within(date, minute, ['2026-03-28', 17], ['2026-03-30', 6]) ? 10 : machine(date, minute),
    );
    const [finding, ...rest] = find(quarters);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      pointId: 7,
      kind: 'offHours',
      start: at('2026-03-28', 17),
      end: at('2026-03-30', 6),
    });
    expect(finding!.kwh).toBeCloseTo(37 * 9.8, -1);
    expect(finding!.kwhPerWeek).toBeCloseTo(finding!.kwh, 6); // under a week: counts whole
  });

  it('calls a load switched off a few hours after the shift an overrun', () => {
    const quarters = series(21, (date, minute) =>
      within(date, minute, ['2026-03-18', 22], ['2026-03-19', 0.5]) ? 10 : machine(date, minute),
    );
    expect(find(quarters)).toMatchObject([
      { kind: 'overrun', start: at('2026-03-18', 22), end: at('2026-03-19', 0.5) },
    ]);
  });

  it('ignores a spike of one quarter and does not let one odd day spoil the days after', () => {
    const quarters = series(28, (date, minute) => {
      if (date === '2026-03-11' && minute === 180) return 40; // one quarter at 03:00
      if (date === '2026-03-12' && minute < 300) return 10; // an odd night, 00:00-05:00
      return machine(date, minute);
    });
    // The odd night is found; the eight days after it, which compare with it, are not.
    expect(find(quarters)).toMatchObject([{ kind: 'offHours', start: at('2026-03-12', 0) }]);
  });

  it('bridges a gap inside a long run and never reports a gap as waste', () => {
    const quarters = series(35, (date, minute) => {
      if (within(date, minute, ['2026-03-29', 2], ['2026-03-29', 2.5])) return null; // 30 min
      if (within(date, minute, ['2026-03-24', 0], ['2026-03-24', 12])) return null; // outage
      return within(date, minute, ['2026-03-28', 17], ['2026-03-30', 6])
        ? 10
        : machine(date, minute);
    });
    expect(find(quarters)).toMatchObject([
      { kind: 'offHours', start: at('2026-03-28', 17), end: at('2026-03-30', 6) },
    ]);
  });

  it('treats a holiday as a day off: idle is fine, running is found', () => {
    const holiday = '2026-03-25'; // a Wednesday
    const idle = series(35, (date, minute) => (date === holiday ? 0.2 : machine(date, minute)));
    expect(find(idle, [holiday])).toEqual([]);
    // Running like a weekday on it is load when nobody works (Sundays are its reference).
    expect(find(series(35, machine), [holiday])).toMatchObject([
      { kind: 'offHours', start: at(holiday, 6), end: at(holiday, 22) },
    ]);
  });

  it('leaves out what the point does on most days of its type (a charger used on Sundays)', () => {
    const quarters = series(56, (date, minute) =>
      weekdayOf(date) === 0 && minute >= 600 && minute < 720 ? 7 : machine(date, minute),
    );
    // The first Sundays with references are news; once two of them had it, it is the habit.
    const findings = find(quarters);
    expect(findings.length).toBeLessThanOrEqual(2);
    expect(findings.every((f) => f.start < at('2026-03-30', 0))).toBe(true);
  });

  it('counts export as no consumption (a solar inverter on a cloudy Sunday)', () => {
    const quarters = series(35, (date, minute) =>
      minute >= 480 && minute < 960 ? (date === '2026-03-29' ? -5 : -40) : 0.05,
    );
    expect(find(quarters)).toEqual([]);
  });
});

describe('waste finder: a base load creeping up', () => {
  it('finds a night-time base rising over weeks, and nothing in a flat one', () => {
    const leakFrom = taipei.startOfDay('2026-04-13');
    const leak = (t: number) => Math.min(1, Math.max(0, (t - leakFrom) / (14 * 24 * HOUR))) * 3;
    const rising = series(
      84,
      (date, minute) => machine(date, minute) + leak(at(date, minute / 60)),
    );
    const creeps = find(rising).filter((f) => f.kind === 'creep');
    expect(creeps).toHaveLength(1);
    expect(creeps[0]!.start).toBeGreaterThanOrEqual(leakFrom);
    expect(creeps[0]!.start).toBeLessThan(leakFrom + 10 * 24 * HOUR);
    expect(creeps[0]!.kwhPerWeek).toBeGreaterThan(2.5 * 168);
    expect(find(series(84, machine)).filter((f) => f.kind === 'creep')).toEqual([]);
  });
});

describe('standby', () => {
  it('reports the steady off-hours draw of a point that follows the shifts, not of one always on', () => {
    // Under the floor (0.3 kW) an idle draw is as off as a point gets.
    expect(findPointWaste({ pointId: 7, quarters: series(35, machine) }, context())).toEqual([]);
    const idling = series(35, (date, minute) => machine(date, minute) + 0.6);
    const idle = findPointWaste({ pointId: 7, quarters: idling }, context());
    expect(idle).toHaveLength(1);
    // 0.8 kW over the 79 off hours of a demo week (5 × 8 + 15 + 24).
    expect(idle[0]).toMatchObject({ kind: 'standby' });
    expect(idle[0]!.kwhPerWeek).toBeCloseTo(0.8 * 79, 0);
    const serverRoom = series(35, () => 4);
    expect(findPointWaste({ pointId: 8, quarters: serverRoom }, context())).toEqual([]);
  });
});

describe('stats', () => {
  it('quantiles and a robust spread that one outlier does not widen', () => {
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile([3, 1, 2], 0.5)).toBe(2);
    expect(quantile([0, 10], 0.1)).toBeCloseTo(1);
    expect(robustSpread([5])).toBe(0);
    expect(robustSpread([1, 2, 3, 4, 1000])).toBeCloseTo(1.4826, 3);
  });
});
