import type { OverviewConsumeRatioResponse } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import {
  barChartList,
  channelEnergy,
  commonAncestor,
  pieRemainder,
  sumOverDays,
  type Energy,
} from '../calc/consume-ratio.ts';
import type { Co2Rates } from '../../carbon/index.ts';
import { factoryRoot, treeNodesWithRetired } from '../../factory/index.ts';
import { isFutureSlot } from '../../monitor/index.ts';
import { addDays, datesBetween, type ZoneClock } from '@wattboard/zone-time';

export interface ConsumeRatioQuery {
  factoryId: number;
  startDate: string;
  endDate: string;
  channelIdList: readonly number[];
  clock: ZoneClock;
  co2Rates: Co2Rates;
  /** Days that have not begun by now have no bar: "no data yet", not a 0 kWh day. */
  now: number;
}

export type ConsumeRatioFigures = Pick<
  OverviewConsumeRatioResponse,
  'barChartList' | 'pieChartData'
>;

/** Energy per node and local date from the daily rollups (bucket_start = local midnight). */
async function dailyEnergy(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  query: ConsumeRatioQuery,
): Promise<Map<string, Map<number, Energy>>> {
  const from = query.clock.startOfDay(query.startDate);
  const to = query.clock.startOfDay(addDays(query.endDate, 1));
  const rows = await db.query<{
    node_id: number;
    bucket_start: Date;
    kwh_forward: number;
    kwh_reverse: number;
  }>(
    `SELECT node_id, bucket_start, kwh_forward, kwh_reverse FROM rollups_1d
      WHERE factory_id = $1 AND node_id = ANY($2::int[])
        AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz`,
    [factoryId, [...nodeIds], new Date(from).toISOString(), new Date(to).toISOString()],
  );
  const byDate = new Map<string, Map<number, Energy>>();
  for (const row of rows) {
    const date = query.clock.localParts(row.bucket_start.getTime()).date;
    const day = byDate.get(date) ?? new Map<number, Energy>();
    day.set(row.node_id, { forward: row.kwh_forward, reverse: row.kwh_reverse });
    byDate.set(date, day);
  }
  return byDate;
}

/**
 * Consumption comparison: one bar per local day of the chosen channels (the
 * root's children when none are chosen), and the pie of the whole range —
 * each channel's share of their common ancestor and the remainder. Returns
 * the first id that is not a node of this factory instead, when there is one.
 * A retired node named in the list still answers (its history); the default
 * choice and the root leave retired nodes out.
 */
export async function consumeRatioReport(
  db: Queryable,
  query: ConsumeRatioQuery,
): Promise<ConsumeRatioFigures | { unknownId: number }> {
  const nodes = await treeNodesWithRetired(db, query.factoryId);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const unknownId = query.channelIdList.find((id) => !byId.has(id));
  if (unknownId !== undefined) return { unknownId };
  const active = nodes.filter((node) => !node.retired);
  const root = factoryRoot(active);
  const chosenIds =
    query.channelIdList.length > 0
      ? [...new Set(query.channelIdList)]
      : active
          .filter((node) => root !== null && node.parentId === root.id)
          .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
          .map((node) => node.id);
  const chosen = chosenIds.map((id) => byId.get(id)!);
  const pieRootId = commonAncestor(nodes, chosenIds, root?.id ?? null);
  const ids = pieRootId === null ? chosenIds : [...chosenIds, pieRootId];
  const byDate = await dailyEnergy(db, query.factoryId, ids, query);
  const days = datesBetween(query.startDate, query.endDate)
    .filter((date) => !isFutureSlot(query.clock.startOfDay(date), query.now))
    .map((date) => ({ date, byNode: byDate.get(date) ?? new Map<number, Energy>() }));
  const rootEnergy = pieRootId === null ? null : sumOverDays(days, pieRootId, query.co2Rates);
  const itemEnergy = chosen.map((node) => sumOverDays(days, node.id, query.co2Rates));
  return {
    barChartList: barChartList(days, chosen, query.co2Rates),
    pieChartData: {
      root: pieRootId === null ? null : channelEnergy(byId.get(pieRootId)!, rootEnergy!),
      items: chosen.map((node, index) => channelEnergy(node, itemEnergy[index]!)),
      remainder: pieRemainder(rootEnergy, itemEnergy),
    },
  };
}
