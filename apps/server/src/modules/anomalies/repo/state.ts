import type { Queryable } from '../../../platform/db/db.ts';
import type { AnomalyDirection, AnomalyState } from '../calc/detect.ts';

interface StateRow {
  node_id: number;
  status: AnomalyState['status'];
  direction: AnomalyDirection | null;
  since: Date | null;
  run_direction: AnomalyDirection | null;
  run_start: Date | null;
  judged_to: Date;
}

const ms = (value: Date | null) => (value === null ? null : new Date(value).getTime());

/** The points' judging states by node id (points never judged are absent). */
export async function loadAnomalyStates(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
): Promise<Map<number, AnomalyState>> {
  const rows = await db.query<StateRow>(
    `SELECT node_id, status, direction, since, run_direction, run_start, judged_to
       FROM anomaly_points WHERE factory_id = $1 AND node_id = ANY($2::int[])`,
    [factoryId, [...nodeIds]],
  );
  return new Map(
    rows.map((row) => [
      row.node_id,
      {
        status: row.status,
        direction: row.direction,
        since: ms(row.since),
        runDirection: row.run_direction,
        runStart: ms(row.run_start),
        judgedTo: new Date(row.judged_to).getTime(),
      },
    ]),
  );
}

const iso = (value: number | null) => (value === null ? null : new Date(value).toISOString());

/** Stores the points' new states in one statement. */
export async function saveAnomalyStates(
  tx: Queryable,
  factoryId: number,
  states: ReadonlyMap<number, AnomalyState>,
): Promise<void> {
  if (states.size === 0) return;
  const entries = [...states];
  await tx.query(
    `INSERT INTO anomaly_points AS p (factory_id, node_id, status, direction, since,
                                      run_direction, run_start, judged_to)
     SELECT $1, s.node_id, s.status, s.direction, s.since, s.run_direction, s.run_start, s.judged_to
       FROM unnest($2::int[], $3::text[], $4::text[], $5::timestamptz[], $6::text[],
                   $7::timestamptz[], $8::timestamptz[])
            AS s (node_id, status, direction, since, run_direction, run_start, judged_to)
     ON CONFLICT (node_id, factory_id) DO UPDATE
        SET status = EXCLUDED.status, direction = EXCLUDED.direction, since = EXCLUDED.since,
            run_direction = EXCLUDED.run_direction, run_start = EXCLUDED.run_start,
            judged_to = EXCLUDED.judged_to`,
    [
      factoryId,
      entries.map(([nodeId]) => nodeId),
      entries.map(([, s]) => s.status),
      entries.map(([, s]) => s.direction),
      entries.map(([, s]) => iso(s.since)),
      entries.map(([, s]) => s.runDirection),
      entries.map(([, s]) => iso(s.runStart)),
      entries.map(([, s]) => iso(s.judgedTo)),
    ],
  );
}

/** Serialises judging per factory across instances: each quarter is judged once. */
const ANOMALY_LOCK = 72_617_027;

export async function lockFactoryAnomalies(tx: Queryable, factoryId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [ANOMALY_LOCK, factoryId]);
}
