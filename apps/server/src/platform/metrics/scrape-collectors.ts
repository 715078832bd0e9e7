/**
 * Values read only when Prometheus scrapes: the database pool and the mail
 * outbox. Reading them at scrape keeps them out of every request's path.
 */
import type { Db } from '../db/db.ts';
import type { Instruments } from './instruments.ts';

/** The outbox states still in play; `sent` rows are history and grow forever. */
export const OUTBOX_STATES = ['pending', 'sending', 'failed'] as const;

export async function collectOutbox(db: Db, instruments: Instruments): Promise<void> {
  const rows = await db.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM mail_outbox
      WHERE status = ANY($1::text[]) GROUP BY status`,
    [[...OUTBOX_STATES]],
  );
  const counts = new Map(rows.map((row) => [row.status, Number(row.n)]));
  for (const status of OUTBOX_STATES) {
    instruments.mailOutbox.set({ status }, counts.get(status) ?? 0);
  }
}

/**
 * Pool gauges, and the statement counters moved on by what ran since the
 * last scrape (the db layer counts cumulatively; a counter only goes up).
 */
export function createDbCollector(db: Db, instruments: Instruments): () => void {
  let seenQueries = 0;
  let seenSeconds = 0;
  return () => {
    const stats = db.stats?.();
    if (!stats) return;
    instruments.dbQueries.inc(Math.max(0, stats.queries - seenQueries));
    instruments.dbQuerySeconds.inc(Math.max(0, stats.querySeconds - seenSeconds));
    seenQueries = stats.queries;
    seenSeconds = stats.querySeconds;
    if (stats.pool) {
      instruments.dbPoolConnections.set({ state: 'total' }, stats.pool.total);
      instruments.dbPoolConnections.set({ state: 'idle' }, stats.pool.idle);
      instruments.dbPoolWaiting.set(stats.pool.waiting);
    } else {
      // PGlite runs one statement at a time: the others wait behind it.
      instruments.dbPoolWaiting.set(Math.max(0, stats.inFlight - 1));
    }
  };
}
