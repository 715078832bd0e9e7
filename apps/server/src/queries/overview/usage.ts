import type { UsagePeriod } from '@wattboard/contract';
import type { Queryable } from '../../db/db.ts';
import { addDays, type ZoneClock } from '../../domain/zone-time.ts';
import { monthOf, type InstantRange } from '../../domain/monitor/time-range.ts';
import {
  elapsedQuarters,
  previousElapsedRange,
  usagePeriodFigures,
} from '../../domain/overview/period.ts';
import { energyTotals, type EnergyTotals } from '../rollups.ts';

export interface UsageFigures {
  day: UsagePeriod;
  month: UsagePeriod;
  /** The root's totals over the whole local day (Monitor/Device's figures for today). */
  dayTotals: EnergyTotals | undefined;
}

/** The local day containing `now`. */
export function dayOf(now: number, clock: ZoneClock): InstantRange {
  const date = clock.localParts(now).date;
  return { from: clock.startOfDay(date), to: clock.startOfDay(addDays(date, 1)) };
}

const energyOf = (totals: EnergyTotals | undefined) => ({
  forward: totals?.forward ?? 0,
  reverse: totals?.reverse ?? 0,
});

/**
 * Today's and this month's energy of the root, read exactly as Monitor/Device
 * reads a day or a month (energyTotals over the whole local day / month: no
 * bucket after `now` exists), and the same elapsed quarters of yesterday and
 * of last month for the change.
 */
export async function usageFigures(
  db: Queryable,
  factoryId: number,
  rootId: number,
  now: number,
  clock: ZoneClock,
  co2Factor: number,
): Promise<UsageFigures> {
  const day = dayOf(now, clock);
  const month = monthOf(now, clock);
  const yesterday = dayOf(day.from - 1, clock);
  const lastMonth = monthOf(month.from - 1, clock);
  const ranges = [
    day,
    month,
    previousElapsedRange(yesterday, elapsedQuarters(day.from, now)),
    previousElapsedRange(lastMonth, elapsedQuarters(month.from, now)),
  ];
  const [today, thisMonth, dayBefore, monthBefore] = await Promise.all(
    ranges.map((range) => energyTotals(db, factoryId, [rootId], range)),
  );
  return {
    day: usagePeriodFigures(
      energyOf(today!.get(rootId)),
      energyOf(dayBefore!.get(rootId)),
      co2Factor,
    ),
    month: usagePeriodFigures(
      energyOf(thisMonth!.get(rootId)),
      energyOf(monthBefore!.get(rootId)),
      co2Factor,
    ),
    dayTotals: today!.get(rootId),
  };
}
