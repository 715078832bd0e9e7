import type { Queryable } from '../../../platform/db/db.ts';
import type { AnomalyRule } from '../calc/detect.ts';

export interface AnomalyFactory {
  factoryId: number;
  timeZone: string;
  rule: AnomalyRule;
}

/** The factories that watch for anomalies, with their rule (Admin › Factory). */
export async function anomalyFactories(db: Queryable): Promise<AnomalyFactory[]> {
  const rows = await db.query<{
    id: number;
    time_zone: string;
    anomaly_margin_percent: number;
    anomaly_min_kw: number;
    anomaly_minutes: number;
  }>(
    `SELECT id, time_zone, anomaly_margin_percent, anomaly_min_kw, anomaly_minutes
       FROM factories WHERE anomaly_enabled ORDER BY id`,
  );
  return rows.map((row) => ({
    factoryId: row.id,
    timeZone: row.time_zone,
    rule: {
      marginPercent: Number(row.anomaly_margin_percent),
      minKw: Number(row.anomaly_min_kw),
      minutes: Number(row.anomaly_minutes),
    },
  }));
}

/** Each point's newest reading, by node id (points that never reported are absent). */
export async function latestReadingTimes(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
): Promise<Map<number, number>> {
  const rows = await db.query<{ node_id: number; ts: Date }>(
    `SELECT node_id, ts FROM latest_readings WHERE factory_id = $1 AND node_id = ANY($2::int[])`,
    [factoryId, [...nodeIds]],
  );
  return new Map(rows.map((row) => [row.node_id, new Date(row.ts).getTime()]));
}
