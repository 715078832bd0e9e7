import { ENERGY_RANGE_LIMIT_DAYS, REPORT_RANGE_LIMIT_DAYS } from '@wattboard/contract';
import type { EnergyInterval } from '@wattboard/contract';
import {
  fitsWithinDays,
  offGridProblem,
  resolveTimeRange,
  type InstantRange,
} from '../../monitor/index.ts';
import type { ZoneClock } from '@wattboard/zone-time';

/** A report range as instants, or the 400 message naming the field. */
export type RangeResult = { range: InstantRange } | { problem: string };

function resolve(bounds: { dtStart: string; dtEnd: string }, clock: ZoneClock): RangeResult {
  const range = resolveTimeRange({ start: bounds.dtStart, end: bounds.dtEnd }, clock);
  if (range.to <= range.from) return { problem: 'dtEnd: must be after dtStart.' };
  return { range };
}

/** The readings call and readings exports: any instants, at most REPORT_RANGE_LIMIT_DAYS. */
export function readingsRange(
  bounds: { dtStart: string; dtEnd: string },
  clock: ZoneClock,
): RangeResult {
  const result = resolve(bounds, clock);
  if ('problem' in result) return result;
  if (!fitsWithinDays(result.range, REPORT_RANGE_LIMIT_DAYS)) {
    return { problem: `dtEnd: a range covers at most ${REPORT_RANGE_LIMIT_DAYS} days.` };
  }
  return result;
}

/**
 * The energy view and its exports: bounds on the 15-minute grid every rollup
 * figure is built on (as Monitor/Device), at most the interval's limit.
 */
export function energyRange(
  bounds: { dtStart: string; dtEnd: string },
  interval: EnergyInterval,
  clock: ZoneClock,
): RangeResult {
  const result = resolve(bounds, clock);
  if ('problem' in result) return result;
  const offGrid = offGridProblem(result.range, 'range');
  if (offGrid) {
    return { problem: offGrid.replace('range.start', 'dtStart').replace('range.end', 'dtEnd') };
  }
  const days = ENERGY_RANGE_LIMIT_DAYS[interval];
  if (!fitsWithinDays(result.range, days)) {
    return { problem: `dtEnd: a range by ${interval} covers at most ${days} days.` };
  }
  return result;
}
