import type { Db } from '../apps/server/src/platform/db/db.ts';
import type { BenchFactory } from './fixture.ts';

const WIRING_PHASES: Record<string, string[]> = {
  'a,b,c': ['a', 'b', 'c'],
  'ab,bc,ca': ['ab', 'bc', 'ca'],
  'l1,l2': ['l1', 'l2'],
  value: ['value'],
};

/**
 * One-minute readings for every metered node from `from` to `to` (exclusive),
 * written by SQL in month-long statements (the report reads readings; how
 * they arrived does not matter here), then rollups aggregated from them so
 * the energy view has its tables. Returns the number of readings.
 */
export async function fillMinuteReadings(
  db: Db,
  factory: BenchFactory,
  from: number,
  to: number,
): Promise<number> {
  const MONTH = 31 * 86_400_000;
  for (const node of factory.metered) {
    const keys = WIRING_PHASES[node.wiring]!;
    const phases = keys
      .map(
        (k) =>
          `'${k}', jsonb_build_object('voltage', 220 + (i % 7), 'current', 10 + (i % 13) * 0.5, 'kw', kw / ${keys.length}, 'pf', 0.92)`,
      )
      .join(', ');
    for (let start = from; start < to; start += MONTH) {
      const end = Math.min(to, start + MONTH);
      await db.query(
        `INSERT INTO readings (factory_id, node_id, ts, phases, kw, kwh_forward, kwh_reverse,
                               frequency, temperature)
         SELECT $1, $2, ts, jsonb_build_object(${phases}), kw, 1000 + i * kw / 60, 0, 60, 30
           FROM (SELECT to_timestamp($3::float8 / 1000) + make_interval(mins => i) AS ts, i,
                        ($5::float8 * (0.9 + 0.2 * abs(sin(i / 61.0)))) AS kw
                   FROM generate_series($6::int, $7::int - 1) AS i) AS g
          WHERE ts < to_timestamp($4::float8 / 1000)`,
        [
          factory.factoryId,
          node.id,
          from,
          to,
          node.baseKw,
          Math.round((start - from) / 60_000),
          Math.round((end - from) / 60_000),
        ],
      );
    }
  }
  for (const [table, bucket] of [
    ['rollups_15m', `date_bin('15 minutes', ts, timestamptz '2000-01-01')`],
    ['rollups_1h', `date_trunc('hour', ts)`],
    ['rollups_1d', `date_trunc('day', ts AT TIME ZONE 'Asia/Taipei') AT TIME ZONE 'Asia/Taipei'`],
  ] as const) {
    await db.query(
      `INSERT INTO ${table} (factory_id, node_id, bucket_start, kwh_forward, kwh_reverse,
                             avg_kw, max_kw, min_kw, samples)
       SELECT factory_id, node_id, ${bucket}, sum(kw) / 60, 0, avg(kw), max(kw), min(kw), count(*)
         FROM readings WHERE factory_id = $1 GROUP BY factory_id, node_id, ${bucket}`,
      [factory.factoryId],
    );
  }
  const [row] = await db.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM readings WHERE factory_id = $1',
    [factory.factoryId],
  );
  return Number(row?.n ?? 0);
}
