import { DAY_MS, HOUR_MS, MINUTE_MS } from '@wattboard/zone-time';

/** Samples every `stepMs` for readings younger than `withinMs` (measured back from the newest). */
export interface Tier {
  withinMs: number;
  stepMs: number;
}

/**
 * First start: minute readings for the last three hours (what the live charts
 * show), five-minute readings for the rest of the day (the default chart
 * resolution), quarter hours for the last week, hourly beyond, 90 days in all.
 * About 3 000 instants, so the whole first start stays near 20 s (its budget is
 * under 20 s, docs/product/budgets.md).
 */
export const BACKFILL_TIERS: readonly Tier[] = [
  { withinMs: 3 * HOUR_MS, stepMs: MINUTE_MS },
  { withinMs: DAY_MS, stepMs: 5 * MINUTE_MS },
  { withinMs: 7 * DAY_MS, stepMs: 15 * MINUTE_MS },
  { withinMs: 90 * DAY_MS, stepMs: HOUR_MS },
];

/**
 * Catching up after a restart or a missed tick: minute readings for the last
 * hour, quarter hours for the rest of the week, hourly beyond, never more
 * than 90 days. An ordinary tick is a single minute reading.
 */
export const CATCH_UP_TIERS: readonly Tier[] = [
  { withinMs: HOUR_MS, stepMs: MINUTE_MS },
  { withinMs: 7 * DAY_MS, stepMs: 15 * MINUTE_MS },
  { withinMs: 90 * DAY_MS, stepMs: HOUR_MS },
];

export function floorToMinute(instant: number): number {
  return Math.floor(instant / MINUTE_MS) * MINUTE_MS;
}

/**
 * The instants to simulate, oldest first: `until` (floored to the minute) and
 * before it instants aligned to each tier's step (UTC minutes, quarter hours,
 * hours), back to the last tier's reach, strictly after `after` when given.
 */
export function planSampleTimes(
  until: number,
  tiers: readonly Tier[],
  after: number | null = null,
): number[] {
  const newest = floorToMinute(until);
  const reach = tiers.at(-1)?.withinMs ?? 0;
  const times: number[] = [];
  if (after !== null && newest <= after) return times;
  times.push(newest);
  let current = newest;
  for (;;) {
    const age = newest - current;
    const tier = tiers.find((candidate) => age < candidate.withinMs);
    if (!tier) break;
    const previous = Math.ceil(current / tier.stepMs) * tier.stepMs - tier.stepMs;
    if (newest - previous > reach || (after !== null && previous <= after)) break;
    times.push(previous);
    current = previous;
  }
  return times.reverse();
}
