import type { Queryable } from '../../../platform/db/db.ts';
import type { ChangedSpan } from './load-window.ts';
import { decodeMarkSpans, type StoredMarkElement } from '../mark-spans.ts';

export interface TakenMarks {
  ids: number[];
  /** How long each taken mark had waited since its batch was stored, ms, when taken. */
  agesMs: number[];
  /** performance.now() when taken. */
  takenAt: number;
  spans: ChangedSpan[];
}

/**
 * Takes (deletes) up to `limit` of the factory's oldest rollup marks inside the
 * caller's transaction: if it rolls back, the marks are back. The caller must
 * hold the factory's rollup lock, so no other worker takes the same marks.
 */
export async function takeMarks(
  tx: Queryable,
  factoryId: number,
  limit: number,
): Promise<TakenMarks | null> {
  const rows = await tx.query<{ id: string; age: number; spans: StoredMarkElement[] }>(
    // factory_id in the outer WHERE too: ids are unique only per factory.
    `DELETE FROM rollup_marks WHERE factory_id = $1 AND id IN (
       SELECT id FROM rollup_marks WHERE factory_id = $1 ORDER BY id LIMIT $2)
     RETURNING id::text, (extract(epoch FROM clock_timestamp() - created_at) * 1000)::float8 AS age,
               spans`,
    [factoryId, limit],
  );
  if (rows.length === 0) return null;
  return {
    ids: rows.map((r) => Number(r.id)),
    agesMs: rows.map((r) => r.age),
    takenAt: performance.now(),
    spans: rows.flatMap((r) => decodeMarkSpans(r.spans)),
  };
}

/** The factories with rollup work left (after a restart, or by a stopped instance). */
export async function factoriesWithMarks(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ factory_id: number }>(
    'SELECT DISTINCT factory_id FROM rollup_marks ORDER BY factory_id',
  );
  return rows.map((r) => r.factory_id);
}

/**
 * Moves each node's latest_readings row to its newest stored reading (a late,
 * older reading never replaces a newer one).
 */
export async function refreshLatestReadings(
  tx: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
): Promise<void> {
  if (nodeIds.length === 0) return;
  await tx.query(
    `INSERT INTO latest_readings AS l (factory_id, node_id, ts, phases, kw, kwh_forward,
                                       kwh_reverse, frequency, temperature)
     SELECT $1, r.node_id, r.ts, r.phases, r.kw, r.kwh_forward, r.kwh_reverse, r.frequency,
            r.temperature
       FROM unnest($2::int[]) AS n (id)
       CROSS JOIN LATERAL (SELECT * FROM readings WHERE node_id = n.id
                            ORDER BY ts DESC LIMIT 1) r
     ON CONFLICT (node_id, factory_id) DO UPDATE SET
       ts = EXCLUDED.ts, phases = EXCLUDED.phases, kw = EXCLUDED.kw,
       kwh_forward = EXCLUDED.kwh_forward, kwh_reverse = EXCLUDED.kwh_reverse,
       frequency = EXCLUDED.frequency, temperature = EXCLUDED.temperature, updated_at = now()
     WHERE l.ts < EXCLUDED.ts`,
    [factoryId, [...nodeIds]],
  );
}

/** Forgets a deleted factory's marks (marks carry no foreign key, so nothing else removes them). */
export async function dropFactoryMarks(db: Queryable, factoryId: number): Promise<void> {
  await db.query('DELETE FROM rollup_marks WHERE factory_id = $1', [factoryId]);
}
