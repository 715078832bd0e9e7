import type { AdminJob } from '@wattboard/contract';

/** Whole percent done, 0–100; a job with nothing to do is complete. */
export function jobPercent(job: Pick<AdminJob, 'done' | 'total' | 'state'>): number {
  if (job.state === 'done') return 100;
  if (job.total <= 0) return job.state === 'running' ? 0 : 100;
  return Math.max(0, Math.min(100, Math.floor((job.done / job.total) * 100)));
}

/**
 * The job worth showing among `kinds` (all when not given): the running one,
 * else the newest when it finished (or failed) after `sinceMs` — the person
 * just caused it. null otherwise. A section lists the kinds its changes start
 * (the points section: virtual sums after a move, and a point's recompute).
 */
export function jobToShow(
  jobs: readonly AdminJob[],
  sinceMs: number,
  kinds?: readonly AdminJob['kind'][],
): AdminJob | null {
  const mine = kinds ? jobs.filter((job) => kinds.includes(job.kind)) : jobs;
  const running = mine.find((job) => job.state === 'running');
  if (running) return running;
  const newest = mine[0];
  if (!newest) return null;
  const finished = Date.parse(newest.finishedAt ?? newest.startedAt);
  return finished >= sinceMs ? newest : null;
}
