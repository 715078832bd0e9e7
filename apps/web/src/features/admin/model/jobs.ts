import type { AdminJob } from '@wattboard/contract';

/** Whole percent done, 0–100; a job with nothing to do is complete. */
export function jobPercent(job: Pick<AdminJob, 'done' | 'total' | 'state'>): number {
  if (job.state === 'done') return 100;
  if (job.total <= 0) return job.state === 'running' ? 0 : 100;
  return Math.max(0, Math.min(100, Math.floor((job.done / job.total) * 100)));
}

/**
 * The job worth showing: the running one, else the newest when it finished
 * (or failed) after `sinceMs` — the person just caused it. null otherwise.
 */
export function jobToShow(
  jobs: readonly AdminJob[],
  sinceMs: number,
  kind?: AdminJob['kind'],
): AdminJob | null {
  const mine = kind ? jobs.filter((job) => job.kind === kind) : jobs;
  const running = mine.find((job) => job.state === 'running');
  if (running) return running;
  const newest = mine[0];
  if (!newest) return null;
  const finished = Date.parse(newest.finishedAt ?? newest.startedAt);
  return finished >= sinceMs ? newest : null;
}
