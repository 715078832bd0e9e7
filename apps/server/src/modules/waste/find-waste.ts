// The finder's entry: a route's series and calendar in, findings (priced or not) out.
import type { BaselineDayType } from '@wattboard/contract';
import { measuredQuarters, type LocalPartsOf, type QuarterEnergy } from '../baseline/index.ts';
import { DEMO_SHIFTS, shiftCalendar, type Shifts } from './calc/calendar.ts';
import { findWasteIn } from './calc/find.ts';
import { memoize } from './calc/memo.ts';
import { priceFinding, type PricedFinding } from './calc/rank.ts';
import type { QuarterKw, WasteFinding } from './calc/types.ts';

/**
 * A point's 15-minute rollups as the finder reads them: silent stretches over
 * an hour left out (baseline's measuredQuarters), each quarter as net kW.
 */
export function quartersFromRollups(rows: readonly QuarterEnergy[]): QuarterKw[] {
  return measuredQuarters(rows).map((row) => ({
    start: row.start,
    kw: (row.kwhForward - row.kwhReverse) * 4,
  }));
}

export interface FindWasteInput {
  /** Each point's quarters over the range and the 70 days before it (the typical day's reach). */
  points: ReadonlyArray<{ pointId: number; quarters: readonly QuarterKw[] }>;
  partsOf: LocalPartsOf;
  /** The tariff calendar's day types (TariffSchedule.dayTypeOn). */
  dayTypeOf: (date: string) => BaselineDayType;
  /** Working periods by day type (the factory's, Admin › Factory); DEMO_SHIFTS when not given. */
  shifts?: Shifts;
  /** Only findings still running at or after this instant. */
  from?: number;
  standby?: boolean;
}

/** The factory's waste, ranked by kWh per week; priced when a price and factor are given. */
export function findWaste(input: FindWasteInput): WasteFinding[];
export function findWaste(
  input: FindWasteInput,
  price: { ntdPerKwh: number; kgCo2PerKwh: number },
): PricedFinding[];
export function findWaste(
  input: FindWasteInput,
  price?: { ntdPerKwh: number; kgCo2PerKwh: number },
): WasteFinding[] | PricedFinding[] {
  // Both are pure and asked per quarter of every point: answered once per call (calc/memo.ts).
  const dayTypeOf = memoize(input.dayTypeOf);
  const partsOf = memoize(input.partsOf);
  const calendar = shiftCalendar(input.shifts ?? DEMO_SHIFTS, dayTypeOf);
  const findings = findWasteIn(
    input.points,
    { partsOf, dayTypeOf, calendar },
    {
      ...(input.from === undefined ? {} : { from: input.from }),
      ...(input.standby === undefined ? {} : { standby: input.standby }),
    },
  );
  return price ? findings.map((finding) => priceFinding(finding, price)) : findings;
}
