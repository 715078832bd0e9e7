import type { UsagePeriod } from '@wattboard/contract';
import { QUARTER_MS, type ZoneClock } from '@wattboard/zone-time';
import { roundMeasure } from '../../monitor/index.ts';
import type { InstantRange } from '../../monitor/index.ts';

/** How far into a period `now` is: whole quarter hours, then the share of the one in progress. */
export interface ElapsedPart {
  quarters: number;
  /** 0 ≤ fraction < 1: the elapsed share of the quarter in progress. */
  fraction: number;
}

export function elapsedPart(periodStart: number, now: number): ElapsedPart {
  if (now <= periodStart) return { quarters: 0, fraction: 0 };
  const elapsed = now - periodStart;
  return {
    quarters: Math.floor(elapsed / QUARTER_MS),
    fraction: (elapsed % QUARTER_MS) / QUARTER_MS,
  };
}

/**
 * The same elapsed part of the previous period, to compare "so far" with: its
 * whole quarters from its start, and the quarter after them, of which only
 * `fraction` counts. The quarter in progress now holds energy up to now, so
 * yesterday's matching quarter must count only as many minutes: at 04:41
 * today's 04:30 quarter holds 11 minutes, and yesterday's counts 11/15 of its
 * energy (the energy of a quarter is spread evenly over it, as the rollups
 * split energy between readings). Never past the previous period's end (on
 * 31 March the comparison with February stops at February's end).
 */
export function previousElapsedParts(
  previous: InstantRange,
  part: ElapsedPart,
): { whole: InstantRange; partial: InstantRange; fraction: number } {
  const wholeEnd = Math.min(previous.to, previous.from + part.quarters * QUARTER_MS);
  const partialEnd = Math.min(previous.to, wholeEnd + QUARTER_MS);
  return {
    whole: { from: previous.from, to: wholeEnd },
    partial: { from: wholeEnd, to: partialEnd },
    fraction: partialEnd > wholeEnd ? part.fraction : 0,
  };
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
