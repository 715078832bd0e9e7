import { upsertNodeEvents, type EventDraft } from '../alarms/events-store.ts';
import { queueNewEventMail } from '../alarms/new-events.ts';
import type { Db } from '../db/db.ts';
import { blockStartOf, predictBlock } from '../domain/demand/predict.ts';
import { nodeDemandWarningTexts } from '../domain/demand/texts.ts';
import type { EventRow } from '../notifications/lists.ts';
import { capacityNodes, nodeCounters } from '../queries/demand/counters.ts';

/** The alarm event's target for the warning (a threshold alarm's target is 'demand'). */
export const DEMAND_EVENT_TARGET = 'predicted-demand';

export interface NodeDemand {
  nodeId: number;
  name: string;
  capacityKw: number;
  targetKw: number;
  predictedKw: number | null;
}

/**
 * Nodes with their own capacity (issue #15: "the root and any node with a
 * capacity"): each one's block predicted like the root's and, over its target
 * (capacity × the factory's target %), a warning event on that node. Nothing
 * is shed for a node — shedding answers the contract capacity only. Returns the
 * events opened now (for announce) and each node's figures.
 */
export async function warnCapacityNodes(
  db: Db,
  factoryId: number,
  now: number,
  targetPercent: number,
): Promise<{ nodes: NodeDemand[]; opened: EventRow[] }> {
  const list = await capacityNodes(db, factoryId);
  if (list.length === 0) return { nodes: [], opened: [] };
  const nodes: NodeDemand[] = [];
  const drafts: EventDraft[] = [];
  for (const node of list) {
    const members = await nodeCounters(db, factoryId, node.id, blockStartOf(now), now);
    const predictedKw = predictBlock(members, now)?.predictedKw ?? null;
    const targetKw = (node.capacityKw * targetPercent) / 100;
    nodes.push({
      nodeId: node.id,
      name: node.name,
      capacityKw: node.capacityKw,
      targetKw,
      predictedKw,
    });
    if (predictedKw === null || predictedKw <= targetKw) continue;
    drafts.push({
      nodeId: node.id,
      target: DEMAND_EVENT_TARGET,
      kind: 'demand',
      texts: nodeDemandWarningTexts(node.name, predictedKw, targetKw, node.capacityKw),
      value: predictedKw,
      limits: { low: null, high: targetKw },
      openedAt: new Date(now),
      lastBreachAt: new Date(now),
    });
  }
  if (drafts.length === 0) return { nodes, opened: [] };
  const opened = await db.transaction(async (tx) => {
    const events = await upsertNodeEvents(tx, factoryId, drafts);
    const rows = events.filter((e) => e.opened).map((e) => e.row);
    await queueNewEventMail(tx, rows);
    return rows;
  });
  return { nodes, opened };
}
