/**
 * When the rollup worker takes its next marks (issue #9, live ingest speed):
 * a debounce with a deadline. It drains once batches have stopped coming for
 * QUIET_MS, or once the oldest waiting batch is LAG_TARGET_MS old, whichever
 * comes first.
 *
 * Why: a drain costs a fixed handful of statements (~10–20 ms measured on both
 * databases, whether it covers 1 batch or 50), and it competes with the
 * acknowledged inserts (on PGlite for the one thread, on PostgreSQL for the
 * cores). Draining every few batches of a back-to-back stream repeated that
 * cost dozens of times (PostgreSQL: 37 drains for 120 live batches). Rollups
 * are background work; acknowledgements come first, within the 2 s budget
 * for the rollups. The deadline stays below the writers' back-pressure
 * threshold (store-readings.ts), so a writer never waits for a resting worker.
 * A lone batch (an alarm) is drained after QUIET_MS, as before.
 */

/** Drain once no new batch has come for this long (ms). */
export const QUIET_MS = 20;
/** ...or once the oldest waiting batch is this old (ms), however busy the stream. */
export const LAG_TARGET_MS = 500;

/**
 * Milliseconds to wait, at `now`, before taking the factory's marks, given when
 * the newest and the oldest batch still waiting were stored (performance.now()
 * ms; null when this process waits on none, e.g. leftovers after a restart).
 */
export function drainDelay(now: number, newest: number | null, oldest: number | null): number {
  if (newest === null || oldest === null) return QUIET_MS;
  return Math.max(0, Math.min(newest + QUIET_MS, oldest + LAG_TARGET_MS) - now);
}
