import type { AdminJob } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';

interface JobRow {
  id: number | string;
  kind: AdminJob['kind'];
  state: AdminJob['state'];
  done: number;
  total: number;
  detail: Record<string, unknown>;
  error: string | null;
  started_at: Date;
  finished_at: Date | null;
}

const COLUMNS = 'id, kind, state, done, total, detail, error, started_at, finished_at';

export function toAdminJob(row: JobRow): AdminJob {
  return {
    id: Number(row.id),
    kind: row.kind,
    state: row.state,
    done: row.done,
    total: row.total,
    detail: row.detail,
    error: row.error,
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: row.finished_at === null ? null : new Date(row.finished_at).toISOString(),
  };
}

/** A running job for the factory, or null when one is running already. */
export async function createJob(
  tx: Queryable,
  input: {
    factoryId: number;
    kind: AdminJob['kind'];
    total: number;
    detail: Record<string, unknown>;
    createdBy: number | null;
  },
): Promise<AdminJob | null> {
  const rows = await tx.query<JobRow>(
    `INSERT INTO admin_jobs (factory_id, kind, total, detail, created_by)
     VALUES ($1, $2, $3, $4::jsonb, $5)
     ON CONFLICT (factory_id) WHERE state = 'running' DO NOTHING
     RETURNING ${COLUMNS}`,
    [input.factoryId, input.kind, input.total, JSON.stringify(input.detail), input.createdBy],
  );
  return rows[0] ? toAdminJob(rows[0]) : null;
}

export async function runningJob(db: Queryable, factoryId: number): Promise<AdminJob | null> {
  const rows = await db.query<JobRow>(
    `SELECT ${COLUMNS} FROM admin_jobs WHERE factory_id = $1 AND state = 'running'`,
    [factoryId],
  );
  return rows[0] ? toAdminJob(rows[0]) : null;
}

export async function reportJobProgress(db: Queryable, jobId: number, done: number) {
  await db.query('UPDATE admin_jobs SET done = $2 WHERE id = $1', [jobId, done]);
}

export async function finishJob(db: Queryable, jobId: number, error: string | null) {
  await db.query(
    `UPDATE admin_jobs SET state = $2, error = $3, finished_at = now(),
            done = CASE WHEN $2 = 'done' THEN total ELSE done END
      WHERE id = $1 AND state = 'running'`,
    [jobId, error === null ? 'done' : 'failed', error],
  );
}

/** Jobs left running by a stopped server cannot finish: they are marked failed. */
export async function failInterruptedJobs(db: Queryable): Promise<void> {
  await db.query(
    `UPDATE admin_jobs SET state = 'failed', error = 'interrupted', finished_at = now()
      WHERE state = 'running'`,
  );
}

/** The running job and the last ones, newest first. */
export async function listJobs(db: Queryable, factoryId: number, limit = 20): Promise<AdminJob[]> {
  const rows = await db.query<JobRow>(
    `SELECT ${COLUMNS} FROM admin_jobs WHERE factory_id = $1 ORDER BY id DESC LIMIT $2`,
    [factoryId, limit],
  );
  return rows.map(toAdminJob);
}
