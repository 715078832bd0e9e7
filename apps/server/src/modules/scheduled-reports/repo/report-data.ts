/**
 * Reads what a scheduled report needs from the rollups (every query filters
 * by factory): the billing points' daily rollups for the period and the
 * previous one (the factory's energy, as the Overview counts it), the main
 * point's highest 15-minute block, and the leaves' energy (the consumers). Whole
 * local days only, so the daily rollups (bucket = local midnight) answer all
 * but the peak's time, which only the 15-minute rollups know.
 */
import type { Queryable } from '../../../platform/db/db.ts';
import { activeTreeNodes, factoryRoot } from '../../factory/index.ts';
import { leafIds } from '../../overview/index.ts';
import { billingPoints } from '../../billing/index.ts';
import { addDays, ZoneClock } from '@wattboard/zone-time';
import { pricedNodesByTariff, tariffBook } from '../../cost/index.ts';
import { reportFigures, type Energy, type ReportFigures } from '../report-figures.ts';
import type { LocalPeriod } from '../schedule.ts';
import { loadCo2Rates } from '../../carbon/index.ts';

export interface ReportFactory {
  id: number;
  name: string;
  nameZh: string;
  timeZone: string;
}

export async function loadReportFactory(
  db: Queryable,
  factoryId: number,
): Promise<ReportFactory | null> {
  const rows = await db.query<ReportFactory>(
    `SELECT id, name, name_zh AS "nameZh", time_zone AS "timeZone"
       FROM factories WHERE id = $1`,
    [factoryId],
  );
  return rows[0] ?? null;
}

const iso = (t: number) => new Date(t).toISOString();

/** The instants [first local midnight, midnight after the last day). */
function instants(period: LocalPeriod, clock: ZoneClock) {
  return [iso(clock.startOfDay(period.from)), iso(clock.startOfDay(addDays(period.to, 1)))];
}

interface DayRow {
  node_id: number;
  bucket_start: Date;
  forward: number;
  reverse: number;
  peak_kw: number | null;
}

async function dailyRows(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  period: LocalPeriod,
  clock: ZoneClock,
): Promise<DayRow[]> {
  if (nodeIds.length === 0) return [];
  return db.query<DayRow>(
    `SELECT node_id, bucket_start, kwh_forward AS forward, kwh_reverse AS reverse,
            max_demand_kw AS peak_kw
       FROM rollups_1d
      WHERE factory_id = $1 AND node_id = ANY($2::int[])
        AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz`,
    [factoryId, [...nodeIds], ...instants(period, clock)],
  );
}

async function peakBlock(
  db: Queryable,
  factoryId: number,
  nodeId: number,
  period: LocalPeriod,
  clock: ZoneClock,
): Promise<{ kw: number; start: number } | null> {
  const rows = await db.query<{ bucket_start: Date; kw: number }>(
    `SELECT bucket_start, coalesce(max_demand_kw, avg_kw) AS kw
       FROM rollups_15m
      WHERE factory_id = $1 AND node_id = $2
        AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz
        AND coalesce(max_demand_kw, avg_kw) IS NOT NULL
      ORDER BY kw DESC, bucket_start
      LIMIT 1`,
    [factoryId, nodeId, ...instants(period, clock)],
  );
  const row = rows[0];
  return row ? { kw: row.kw, start: row.bucket_start.getTime() } : null;
}

/** The billing points' energy cost per local day (the cost module's pricing of the 15-minute rollups). */
async function pointsCost(
  db: Queryable,
  factoryId: number,
  pointIds: readonly number[],
  period: LocalPeriod,
  clock: ZoneClock,
): Promise<{ days: Map<string, number | null>; total: number | null }> {
  const book = await tariffBook(db, factoryId);
  const range = {
    from: clock.startOfDay(period.from),
    to: clock.startOfDay(addDays(period.to, 1)),
  };
  // Each point by its own tariff (decision 0065); the main one (listed first) by the factory's.
  const { starts, byNode } = await pricedNodesByTariff(
    db,
    { factoryId, clock },
    book.groupBySchedule(pointIds, (id) => (id === pointIds[0] ? null : id)),
    range,
    'day',
  );
  const priced = pointIds.map((id) => byNode.get(id));
  const known = (costs: (number | null | undefined)[]) => {
    const values = costs.filter((c): c is number => c !== null && c !== undefined);
    return values.length > 0 ? values.reduce((a, b) => a + b, 0) : null;
  };
  return {
    days: new Map(
      starts.map((start, i) => [
        clock.localParts(start).date,
        known(priced.map((p) => p?.intervals[i]?.cost)),
      ]),
    ),
    total: known(priced.map((p) => p?.total.cost)),
  };
}

const sum = (rows: readonly DayRow[]): Energy =>
  rows.reduce(
    (total, row) => ({
      forward: total.forward + row.forward,
      reverse: total.reverse + row.reverse,
    }),
    { forward: 0, reverse: 0 },
  );

/** The report's figures for a factory and period (zeros for a factory without monitoring points). */
export async function loadReportFigures(
  db: Queryable,
  factory: ReportFactory,
  period: LocalPeriod,
  previousPeriod: LocalPeriod,
): Promise<ReportFigures> {
  const clock = new ZoneClock(factory.timeZone);
  const nodes = await activeTreeNodes(db, factory.id);
  const root = factoryRoot(nodes);
  const pointIds = (await billingPoints(db, factory.id, nodes)).map((point) => point.nodeId);
  const leaves = new Set(leafIds(nodes));
  const consumers = nodes.filter((node) => leaves.has(node.id));
  const [current, previous, leafRows, peak, cost] = await Promise.all([
    dailyRows(db, factory.id, pointIds, period, clock),
    dailyRows(db, factory.id, pointIds, previousPeriod, clock),
    dailyRows(db, factory.id, [...leaves], period, clock),
    root ? peakBlock(db, factory.id, root.id, period, clock) : null,
    root ? pointsCost(db, factory.id, pointIds, period, clock) : null,
  ]);
  // Energy adds up over the points; the day's peak is the main point's (demand is per point).
  const days = new Map<string, { forward: number; reverse: number; peakKw: number | null }>();
  for (const row of current) {
    const date = clock.localParts(row.bucket_start.getTime()).date;
    const day = days.get(date) ?? { forward: 0, reverse: 0, peakKw: null };
    day.forward += row.forward;
    day.reverse += row.reverse;
    if (row.node_id === root?.id) day.peakKw = row.peak_kw;
    days.set(date, day);
  }
  return reportFigures({
    period,
    previousPeriod,
    co2Rates: await loadCo2Rates(db, factory.id, clock),
    days,
    previous: sum(previous),
    peak,
    cost,
    nodes: consumers.map((node) => ({
      id: node.id,
      name: node.name,
      chName: node.chName,
      ...sum(leafRows.filter((row) => row.node_id === node.id)),
    })),
  });
}
