import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../platform/db/db.ts';
import { finishJob, reportJobProgress } from '../repo/jobs.ts';

/** Jobs in flight per database, so tests (and shutdown) can wait for them. */
const inFlight = new WeakMap<Db, Set<Promise<void>>>();

/** Databases whose server is closing: their jobs stop at the next day boundary. */
const stopping = new WeakSet<Db>();

export const INTERRUPTED = 'interrupted: the server stopped before it finished';

/**
 * Called as the server closes: running jobs end after their current day (each
 * day is its own transaction, so nothing is half written) and are marked
 * failed, before the database closes.
 */
export async function stopAdminJobs(db: Db): Promise<void> {
  stopping.add(db);
  await adminJobsIdle(db);
}

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
      await work(async (done) => {
        // PGlite answers through promises alone: without a turn of the event
        // loop between days, a long job would hold every request until it ends.
        await new Promise((resolve) => setImmediate(resolve));
        if (stopping.has(db)) throw new Error(INTERRUPTED);
        await reportJobProgress(db, jobId, done);
      });
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
