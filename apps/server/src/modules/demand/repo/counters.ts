import type { Queryable } from '../../../platform/db/db.ts';
import type { CounterPoint } from '../calc/predict.ts';
import { QUARTER_MS } from '@wattboard/zone-time';

/**
 * The factory's root (the first top-level active node) and the counter readings
 * of its measured members — the node itself, or a virtual node's members reached
 * through virtual nodes only, as its rollups sum them — from a quarter hour
 * before the block up to `now`. Reads nodes and readings (raw, kept 90 days).
 */
export async function rootCounters(
  db: Queryable,
  factoryId: number,
  blockStart: number,
  now: number,
): Promise<{ rootId: number | null; members: CounterPoint[][] }> {
  const roots = await db.query<{ id: number }>(
    `SELECT id FROM active_nodes WHERE factory_id = $1 AND parent_id IS NULL
      ORDER BY sort_order, id LIMIT 1`,
    [factoryId],
  );
  const rootId = roots[0]?.id ?? null;
  if (rootId === null) return { rootId, members: [] };
  return { rootId, members: await nodeCounters(db, factoryId, rootId, blockStart, now) };
}

/** Nodes with their own capacity (kW, issue #15): predicted and warned like the root, never shed. */
export async function capacityNodes(
  db: Queryable,
  factoryId: number,
): Promise<{ id: number; name: string; chName: string; capacityKw: number }[]> {
  const rows = await db.query<{ id: number; name: string; ch_name: string; capacity_kw: number }>(
    `SELECT id, name, ch_name, capacity_kw FROM active_nodes
      WHERE factory_id = $1 AND capacity_kw IS NOT NULL ORDER BY id`,
    [factoryId],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    chName: r.ch_name,
    capacityKw: Number(r.capacity_kw),
  }));
}

/** The counter readings of one node's measured members (see rootCounters). */
export async function nodeCounters(
  db: Queryable,
  factoryId: number,
  nodeId: number,
  blockStart: number,
  now: number,
): Promise<CounterPoint[][]> {
  const rows = await db.query<{
    node_id: number;
    ts: Date;
    kwh: number | null;
    kwh_reverse: number | null;
  }>(
    `WITH RECURSIVE tree (id, type, path) AS (
       SELECT id, type, ARRAY[id] FROM nodes WHERE factory_id = $1 AND id = $2
       UNION ALL
       SELECT n.id, n.type, t.path || n.id FROM nodes n JOIN tree t ON n.parent_id = t.id
        WHERE n.factory_id = $1 AND t.type = 'virtual' AND NOT n.id = ANY(t.path)
     )
     SELECT r.node_id, r.ts, r.kwh_forward AS kwh, r.kwh_reverse
       FROM tree t JOIN readings r ON r.factory_id = $1 AND r.node_id = t.id
      WHERE t.type <> 'virtual' AND r.ts >= $3::timestamptz AND r.ts <= $4::timestamptz
      ORDER BY r.node_id, r.ts`,
    [
      factoryId,
      nodeId,
      new Date(blockStart - QUARTER_MS).toISOString(),
      new Date(now).toISOString(),
    ],
  );
  const byNode = new Map<number, CounterPoint[]>();
  for (const row of rows) {
    if (row.kwh === null) continue;
    const points = byNode.get(row.node_id) ?? [];
    const kwhReverse = row.kwh_reverse === null ? null : Number(row.kwh_reverse);
    points.push({ ts: row.ts.getTime(), kwh: Number(row.kwh), kwhReverse });
    byNode.set(row.node_id, points);
  }
  return [...byNode.values()];
}

/** A shed channel's circuit readings; `shared` when an earlier shed channel has the same node. */
export interface ShedCircuit {
  points: CounterPoint[];
  shared: boolean;
}

/**
 * The counter readings of the circuits behind shed channels (those with a
 * node), by channel, from `from` to `now`: their share of the block's rate
 * (predict.ts withoutShedLoads). A node behind two shed channels is read for
 * the first only and the others are marked shared, so its share is taken out once.
 */
export async function shedCircuitCounters(
  db: Queryable,
  factoryId: number,
  channelIds: readonly number[],
  from: number,
  now: number,
): Promise<Map<number, ShedCircuit>> {
  const byChannel = new Map<number, ShedCircuit>();
  if (channelIds.length === 0) return byChannel;
  const rows = await db.query<{
    channel_id: number;
    node_id: number;
    ts: Date | null;
    kwh: number | null;
  }>(
    `SELECT s.id AS channel_id, s.node_id, r.ts, r.kwh_forward AS kwh
       FROM channel_schedules s
       LEFT JOIN readings r ON r.factory_id = $1 AND r.node_id = s.node_id
                           AND r.kwh_forward IS NOT NULL
                           AND r.ts >= $3::timestamptz AND r.ts <= $4::timestamptz
      WHERE s.factory_id = $1 AND s.id = ANY($2::int[]) AND s.node_id IS NOT NULL
      ORDER BY array_position($2::int[], s.id), r.ts`,
    [factoryId, [...channelIds], new Date(from).toISOString(), new Date(now).toISOString()],
  );
  const nodeOwner = new Map<number, number>();
  for (const row of rows) {
    const owner = nodeOwner.get(row.node_id) ?? row.channel_id;
    nodeOwner.set(row.node_id, owner);
    const circuit = byChannel.get(row.channel_id) ?? {
      points: [],
      shared: owner !== row.channel_id,
    };
    byChannel.set(row.channel_id, circuit);
    if (circuit.shared || row.ts === null || row.kwh === null) continue;
    circuit.points.push({ ts: row.ts.getTime(), kwh: Number(row.kwh) });
  }
  return byChannel;
}
