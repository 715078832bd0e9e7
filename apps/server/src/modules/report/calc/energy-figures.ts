import type { EnergyFigures, EnergyRow } from '@wattboard/contract';
import { roundMeasure, roundOrNull } from '../../monitor/index.ts';
import { HOUR_MS, type ZoneClock } from '@wattboard/zone-time';
import type { InstantRange } from '../../monitor/index.ts';
import { intervalIndex } from './energy-intervals.ts';
import type { Co2Rates } from '../../carbon/index.ts';

/** A rollup row of one channel, whichever table it came from. */
export interface ChannelRollup {
  nodeId: number;
  start: number;
  kwhForward: number;
  kwhReverse: number;
  /** null: the bucket was not measured by a kvarh counter (issue #24). */
  kvarhLagging: number | null;
  maxKw: number | null;
}

export interface Sum {
  forward: number;
  reverse: number;
  /** null as soon as one summed part has no kvarh: unknown, never a partial sum. */
  kvarh: number | null;
  maxKw: number | null;
  /** kg CO2e of the net energy, each part at its own year's factor. */
  co2: number;
}

/** kvarh of two parts together: known only when both are (a part without it is unknown). */
export function addKvarh(sum: number | null, part: number | null): number | null {
  return sum === null || part === null ? null : sum + part;
}

const higher = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.max(a, b);

/** The figures of one channel over a span of `hours` (contract `energyFigures`). */
export function figuresOf(channelId: number, sum: Sum, hours: number): EnergyFigures {
  const net = sum.forward - sum.reverse;
  return {
    channelId,
    kwhForward: roundMeasure(sum.forward),
    kwhReverse: roundMeasure(sum.reverse),
    kwhNet: roundMeasure(net),
    kvarhLagging: roundOrNull(sum.kvarh),
    co2KG: roundMeasure(sum.co2),
    maxKW: roundOrNull(sum.maxKw),
    averageKW: hours > 0 ? roundMeasure(net / hours) : 0,
    // Issue #15: priced by the tariff in queries/report (cost-view), null until then.
    cost: null,
  };
}

/**
 * The energy view's rows: the rollups summed per interval and channel, in
 * interval order and then the channels' order. An interval without any rollup
 * of a channel has no row for it (gaps are not invented as zeros).
 */
export function energyRows(
  rollups: readonly ChannelRollup[],
  starts: readonly number[],
  range: InstantRange,
  channelIds: readonly number[],
  co2Rates: Co2Rates,
  clock: ZoneClock,
): EnergyRow[] {
  const sums = new Map<string, Sum>();
  for (const rollup of rollups) {
    const index = intervalIndex(starts, rollup.start);
    if (index < 0 || rollup.start >= range.to) continue;
    const key = `${index}:${rollup.nodeId}`;
    const sum = sums.get(key) ?? { forward: 0, reverse: 0, kvarh: 0, maxKw: null, co2: 0 };
    sum.forward += rollup.kwhForward;
    sum.reverse += rollup.kwhReverse;
    sum.kvarh = addKvarh(sum.kvarh, rollup.kvarhLagging);
    sum.maxKw = higher(sum.maxKw, rollup.maxKw);
    // A rollup bucket (15 min, hour or day) lies in one local year.
    sum.co2 += (rollup.kwhForward - rollup.kwhReverse) * co2Rates.at(rollup.start);
    sums.set(key, sum);
  }
  const rows: EnergyRow[] = [];
  starts.forEach((start, index) => {
    const end = starts[index + 1] ?? range.to;
    for (const channelId of channelIds) {
      const sum = sums.get(`${index}:${channelId}`);
      if (!sum) continue;
      rows.push({
        ...figuresOf(channelId, sum, (end - start) / HOUR_MS),
        dtStart: clock.formatIso(start),
        dtEnd: clock.formatIso(end),
      });
    }
  });
  return rows;
}

/** Highest maxKW of a channel's rows (null when none has one). */
export function highestKw(rows: readonly EnergyRow[], channelId: number): number | null {
  return rows
    .filter((row) => row.channelId === channelId)
    .reduce<number | null>((max, row) => higher(max, row.maxKW), null);
}
