import type { NormalizedReading } from '../rollups/index.ts';

/**
 * The readings a batch's listeners can still use: each listener says how old
 * a reading it still looks at (alarms 15 minutes, live pushes 5), so the feed
 * keeps only those newer than the oldest any listener wants. A gateway's
 * buffered upload or the simulator's backfill is history to every listener:
 * kept in the queue until the rollup worker caught up, 70,000 such readings
 * held ~190 MB of the heap for nothing (issue #23, measured by
 * bench/first-start.ts).
 */
export function stillNews(
  stored: readonly NormalizedReading[],
  now: number,
  maxAgeMs: number,
): readonly NormalizedReading[] {
  if (maxAgeMs === Number.POSITIVE_INFINITY) return stored;
  const oldest = now - maxAgeMs;
  const news = stored.filter((reading) => reading.ts.getTime() >= oldest);
  return news.length === stored.length ? stored : news;
}
