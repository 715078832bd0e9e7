import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import { finishJob, reportJobProgress } from '../queries/admin/jobs.ts';

/** Jobs in flight per database, so tests (and shutdown) can wait for them. */
const inFlight = new WeakMap<Db, Set<Promise<void>>>();

/** Resolves when every background job on this database has ended. */
export async function adminJobsIdle(db: Db): Promise<void> {
  for (;;) {
    const jobs = inFlight.get(db);
    if (!jobs || jobs.size === 0) return;
    await Promise.allSettled([...jobs]);
  }
}

export type JobWork = (progress: (done: number) => Promise<void>) => Promise<void>;

/**
 * Runs a created job's work in the background (after the commit that created
 * it): progress is written as it goes, the end marks it done or failed.
 */
export function runJob(db: Db, log: FastifyBaseLogger, jobId: number, work: JobWork): void {
  const jobs = inFlight.get(db) ?? new Set<Promise<void>>();
  inFlight.set(db, jobs);
  const run = (async () => {
    try {
      await work((done) => reportJobProgress(db, jobId, done));
      await finishJob(db, jobId, null);
    } catch (err) {
      log.error({ err, jobId }, 'admin: background job failed');
      const message = err instanceof Error ? err.message : String(err);
      await finishJob(db, jobId, message.slice(0, 500)).catch((finishErr: unknown) =>
        log.error({ err: finishErr, jobId }, 'admin: could not mark the job failed'),
      );
    }
  })();
  jobs.add(run);
  void run.finally(() => jobs.delete(run));
}
