import type { UsagePeriod } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { addDays, type ZoneClock } from '@wattboard/zone-time';
import { monthOf, type InstantRange } from '../../monitor/index.ts';
import {
  elapsedPart,
  previousElapsedParts,
  splitAtLastMidnight,
  usagePeriodFigures,
  type PeriodEnergy,
} from '../calc/period.ts';
import { energyTotals, quarterHourStart, type EnergyTotals } from '../../rollups/index.ts';

export interface UsageFigures {
  day: UsagePeriod;
  month: UsagePeriod;
  /** The main point's totals over the whole local day (Monitor/Device's figures for today). */
  dayTotals: EnergyTotals | undefined;
}

/** The local day containing `now`. */
export function dayOf(now: number, clock: ZoneClock): InstantRange {
  const date = clock.localParts(now).date;
  return { from: clock.startOfDay(date), to: clock.startOfDay(addDays(date, 1)) };
}

const iso = (t: number) => new Date(t).toISOString();
const none: PeriodEnergy = { forward: 0, reverse: 0 };
const add = (a: PeriodEnergy, b: PeriodEnergy): PeriodEnergy => ({
  forward: a.forward + b.forward,
  reverse: a.reverse + b.reverse,
});
const energyOf = (totals: EnergyTotals | undefined): PeriodEnergy =>
  totals ? { forward: totals.forward, reverse: totals.reverse } : none;
/** The nodes' energy together (billing points are disjoint, so it is counted once). */
const energyOfAll = (totals: Map<number, EnergyTotals> | null): PeriodEnergy =>
  totals ? [...totals.values()].map(energyOf).reduce(add, none) : none;

/** The nodes' energy over whole local days, from the daily rollups (bucket = local midnight). */
async function wholeDays(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  days: InstantRange,
): Promise<PeriodEnergy> {
  if (days.to <= days.from) return none;
  const rows = await db.query<{ forward: number | null; reverse: number | null }>(
    `SELECT sum(kwh_forward) AS forward, sum(kwh_reverse) AS reverse FROM rollups_1d
      WHERE factory_id = $1 AND node_id = ANY($2::integer[])
        AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz`,
    [factoryId, nodeIds, iso(days.from), iso(days.to)],
  );
  return { forward: rows[0]?.forward ?? 0, reverse: rows[0]?.reverse ?? 0 };
}

/** Energy over any range: its whole days from the daily rollups, the rest from 15-minute ones. */
async function rangeEnergy(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  range: InstantRange,
  clock: ZoneClock,
): Promise<PeriodEnergy> {
  const { days, rest } = splitAtLastMidnight(range, clock);
  const [whole, partial] = await Promise.all([
    wholeDays(db, factoryId, nodeIds, days),
    rest.to > rest.from ? energyTotals(db, factoryId, nodeIds, rest) : null,
  ]);
  return add(whole, energyOfAll(partial));
}

const scale = (energy: PeriodEnergy, factor: number): PeriodEnergy => ({
  forward: energy.forward * factor,
  reverse: energy.reverse * factor,
});

/** The previous period's energy over the same elapsed part as now (see previousElapsedParts). */
async function previousElapsedEnergy(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  previous: InstantRange,
  part: ReturnType<typeof elapsedPart>,
  clock: ZoneClock,
): Promise<PeriodEnergy> {
  const { whole, partial, fraction } = previousElapsedParts(previous, part);
  const [wholeEnergy, partialEnergy] = await Promise.all([
    rangeEnergy(db, factoryId, nodeIds, whole, clock),
    fraction > 0 ? energyTotals(db, factoryId, nodeIds, partial) : null,
  ]);
  return add(wholeEnergy, scale(energyOfAll(partialEnergy), fraction));
}

/**
 * Today's and this month's energy of the factory: every billing point's
 * (`pointIds`, the main point first; disjoint subtrees, so their sum counts
 * each kWh once). Today is read exactly as
 * Monitor/Device reads a day (energyTotals over the whole local day: no bucket
 * after `now` exists); the month adds its earlier days from the daily rollups,
 * which are sums of the same 15-minute rollups, so a month costs one row a
 * day. The previous periods cover the same elapsed time of yesterday and of
 * last month, to the minute.
 */
export async function usageFigures(
  db: Queryable,
  factoryId: number,
  pointIds: readonly number[],
  now: number,
  clock: ZoneClock,
  /** This year's factor: today and this month lie in it. */
  co2Factor: number,
): Promise<UsageFigures> {
  const day = dayOf(now, clock);
  const month = monthOf(now, clock);
  const yesterday = dayOf(day.from - 1, clock);
  const lastMonth = monthOf(month.from - 1, clock);
  const [today, monthBefore, dayBefore, lastMonthPart] = await Promise.all([
    energyTotals(db, factoryId, pointIds, day, quarterHourStart(now)),
    wholeDays(db, factoryId, pointIds, { from: month.from, to: day.from }),
    previousElapsedEnergy(db, factoryId, pointIds, yesterday, elapsedPart(day.from, now), clock),
    previousElapsedEnergy(db, factoryId, pointIds, lastMonth, elapsedPart(month.from, now), clock),
  ]);
  const todayEnergy = energyOfAll(today);
  return {
    day: usagePeriodFigures(todayEnergy, dayBefore, co2Factor),
    month: usagePeriodFigures(add(monthBefore, todayEnergy), lastMonthPart, co2Factor),
    dayTotals: pointIds[0] === undefined ? undefined : today.get(pointIds[0]),
  };
}
