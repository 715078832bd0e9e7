import type { Queryable } from '../../../platform/db/db.ts';
import type { InstantRange } from '../../monitor/index.ts';
import type { ZoneClock } from '@wattboard/zone-time';
import { PERIOD_OF_LINE } from '../calc/bill-figures.ts';
import { segmentLines } from '../calc/bill-lines.ts';
import { NO_MAXIMA, type PeriodMaxima } from '../calc/contract-capacity.ts';
import { rateSegments } from '../calc/rate-segments.ts';
import type { TariffSchedule } from '../calc/tariff-schedule.ts';

const iso = (t: number) => new Date(t).toISOString();

/**
 * Each node's highest 15-minute block of net draw in each time-of-use period
 * (尖峰, 半尖峰, 週六半尖峰, 離峰) over `range` — pass complete blocks only, as
 * the utility bills them. The range is cut into rate segments, and one index
 * range scan per node takes the maximum per segment (as segmentEnergy sums).
 */
export async function periodMaxima(
  db: Queryable,
  target: { factoryId: number; clock: ZoneClock; schedule: TariffSchedule },
  nodeIds: readonly number[],
  range: InstantRange,
): Promise<Map<number, PeriodMaxima>> {
  const byInterval = await periodMaximaByInterval(db, target, nodeIds, range, [range.from]);
  return new Map(nodeIds.map((id) => [id, byInterval.get(id)?.[0] ?? { ...NO_MAXIMA }]));
}

/**
 * periodMaxima per interval: `starts` (ascending, the first = range.from) cut
 * the range, e.g. into billing periods; per node an array aligned with them.
 */
export async function periodMaximaByInterval(
  db: Queryable,
  target: { factoryId: number; clock: ZoneClock; schedule: TariffSchedule },
  nodeIds: readonly number[],
  range: InstantRange,
  starts: readonly number[],
): Promise<Map<number, PeriodMaxima[]>> {
  const out = new Map<number, PeriodMaxima[]>(
    nodeIds.map((id) => [id, starts.map(() => ({ ...NO_MAXIMA }))]),
  );
  if (nodeIds.length === 0 || range.to <= range.from) return out;
  const segments = rateSegments(range, starts, target.schedule, target.clock);
  const lines = segmentLines(segments, target.schedule, target.clock);
  const rows = await db.query<{ i: string | number; node_id: number; kw: number | null }>(
    `SELECT width_bucket(bucket_start, $5::timestamptz[]) AS i, node_id,
            max(coalesce(max_demand_kw, avg_kw)) AS kw
       FROM rollups_15m
      WHERE factory_id = $1 AND node_id = ANY($2::int[])
        AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz
      GROUP BY 1, 2`,
    [
      target.factoryId,
      [...nodeIds],
      iso(range.from),
      iso(range.to),
      segments.map((s) => iso(s.from)),
    ],
  );
  for (const row of rows) {
    const index = Number(row.i) - 1;
    const line = lines[index];
    const maxima = out.get(row.node_id)?.[segments[index]?.interval ?? -1];
    if (!line || !maxima || row.kw === null) continue;
    const period = PERIOD_OF_LINE[line];
    maxima[period] = Math.max(maxima[period] ?? row.kw, row.kw);
  }
  return out;
}
