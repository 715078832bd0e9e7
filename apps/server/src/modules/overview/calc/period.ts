import type { UsagePeriod } from '@wattboard/contract';
import { QUARTER_MS, type ZoneClock } from '@wattboard/zone-time';
import { roundMeasure } from '../../monitor/index.ts';
import type { InstantRange } from '../../monitor/index.ts';

/**
 * The part of a period that has begun by `now`, in whole quarter hours: the
 * quarter in progress counts (its rollup already holds its energy so far), so
 * "today so far" and the previous day's comparison cover the same blocks.
 */
export function elapsedQuarters(periodStart: number, now: number): number {
  if (now <= periodStart) return 0;
  return Math.ceil((now - periodStart) / QUARTER_MS);
}

/**
 * The same elapsed part of the previous period: from its start, as many
 * quarter hours as have begun in the current period, never past its end (on
 * 31 March the comparison with February stops at February's end).
 */
export function previousElapsedRange(previous: InstantRange, quarters: number): InstantRange {
  return { from: previous.from, to: Math.min(previous.to, previous.from + quarters * QUARTER_MS) };
}

export interface PeriodEnergy {
  forward: number;
  reverse: number;
}

/**
 * One "average power usage" period: net energy and CO2, own generation and
 * the CO2 it avoided, and the change against the previous period's energy
 * (net, over the same elapsed part). changePercent is null when the previous
 * period had no energy (a change against 0 has no percentage).
 */
export function usagePeriodFigures(
  current: PeriodEnergy,
  previous: PeriodEnergy,
  co2Factor: number,
): UsagePeriod {
  const kwh = current.forward - current.reverse;
  const previousKwh = previous.forward - previous.reverse;
  const changeKwh = kwh - previousKwh;
  const roundedPrevious = roundMeasure(previousKwh);
  return {
    kwh: roundMeasure(kwh),
    co2: roundMeasure(kwh * co2Factor),
    reverseKwh: roundMeasure(current.reverse),
    co2Saving: roundMeasure(current.reverse * co2Factor),
    previousKwh: roundedPrevious,
    changeKwh: roundMeasure(changeKwh),
    changePercent:
      roundedPrevious === 0 ? null : roundMeasure((changeKwh / Math.abs(previousKwh)) * 100),
  };
}

/**
 * A range split at the last local midnight inside it: the whole local days
 * before (read from the daily rollups, one row a day) and the rest of the
 * last day (read from the 15-minute rollups). Either part may be empty.
 */
export function splitAtLastMidnight(
  range: InstantRange,
  clock: ZoneClock,
): { days: InstantRange; rest: InstantRange } {
  if (range.to <= range.from) return { days: range, rest: { from: range.to, to: range.to } };
  const midnight = clock.startOfDay(clock.localParts(range.to).date);
  const cut = Math.max(range.from, Math.min(midnight, range.to));
  return { days: { from: range.from, to: cut }, rest: { from: cut, to: range.to } };
}
