import type { Queryable } from '../../../platform/db/db.ts';
import type { LatestReading, StoredPhase } from '../calc/phase-readings.ts';

export interface LatestNodeReading extends LatestReading {
  ts: Date;
  frequency: number | null;
}

/** The newest reading of each node (latest_readings, kept by the ingest pipeline). */
export async function latestReadings(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
): Promise<Map<number, LatestNodeReading>> {
  const rows = await db.query<{
    node_id: number;
    ts: Date;
    phases: Partial<Record<string, StoredPhase>> | null;
    kw: number | null;
    frequency: number | null;
    temperature: number | null;
  }>(
    `SELECT node_id, ts, phases, kw, frequency, temperature
       FROM latest_readings WHERE factory_id = $1 AND node_id = ANY($2::int[])`,
    [factoryId, [...nodeIds]],
  );
  return new Map(
    rows.map((row) => [
      row.node_id,
      {
        ts: row.ts,
        phases: row.phases ?? {},
        kw: row.kw,
        frequency: row.frequency,
        temperature: row.temperature,
      },
    ]),
  );
}
