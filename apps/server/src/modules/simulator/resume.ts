import { HOUR_MS } from '@wattboard/zone-time';
import type { OffCheck } from './generator.ts';
import { shiftCounters, simulateHistory, type History } from './history.ts';
import type { StoredReading } from './repo/factory-source.ts';
import type { SimModel } from './model.ts';
import { kvarhPerKwh } from './reactive.ts';
import { planSampleTimes, type Tier } from './plan.ts';

/**
 * Is the stored history shorter than a first start creates? True when both the
 * oldest raw reading and the oldest rollup are well inside the planned reach:
 * a first-start backfill was interrupted (stopped server, `node --watch`
 * restart). Rollups outlive raw-reading retention, so a short
 * RAW_RETENTION_DAYS never reads as "incomplete".
 */
export function historyIncomplete(
  plannedOldest: number,
  oldestReading: number | null,
  oldestRollup: number | null,
): boolean {
  if (oldestReading === null || oldestRollup === null) return false;
  return oldestReading > plannedOldest + HOUR_MS && oldestRollup > plannedOldest + HOUR_MS;
}

/**
 * The part of a first-start history that is missing before the oldest stored
 * readings, with each node's counters shifted so they arrive exactly at its
 * oldest stored counter: that reading's energy (its kW over the gap) is all
 * that lies between. Null when nothing is missing.
 */
export function resumeHistory(
  model: SimModel,
  now: number,
  tiers: readonly Tier[],
  oldest: ReadonlyMap<number, StoredReading>,
  isOff: OffCheck,
): History | null {
  const cutoff = Math.min(...[...oldest.values()].map((reading) => reading.ts));
  const times = planSampleTimes(now, tiers).filter((t) => t < cutoff);
  if (times.length === 0) return null;
  const history = simulateHistory(model, times, isOff, {
    startsAt: (node) => (oldest.has(node.id) ? -Infinity : Infinity),
    endsBefore: (node) => oldest.get(node.id)?.ts ?? -Infinity,
  });
  for (const node of model.nodes) {
    const stored = oldest.get(node.id);
    const reached = history.finalCounters.get(node.id);
    if (!stored || !reached) continue;
    const gapKwh = (stored.kw * (stored.ts - reached.ts)) / HOUR_MS;
    const forwardTarget = stored.forward - Math.max(0, gapKwh);
    const reverseTarget = stored.reverse - Math.max(0, -gapKwh);
    // The gap's kvarh at the load's full-load power factor: close enough to join.
    const kvarhDelta =
      typeof stored.kvarh === 'number' && typeof reached.kvarh === 'number'
        ? stored.kvarh - Math.max(0, gapKwh) * kvarhPerKwh(node.load.fullLoadPf) - reached.kvarh
        : null;
    shiftCounters(
      history,
      node,
      forwardTarget - reached.forward,
      reverseTarget - reached.reverse,
      kvarhDelta,
    );
  }
  return history;
}
