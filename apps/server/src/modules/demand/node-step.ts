import { upsertNodeEvents, type EventDraft } from '../alarms/index.ts';
import { queueNewEventMail } from '../alarms/index.ts';
import type { Db } from '../../platform/db/db.ts';
import { nodeDemandWarningTexts } from './calc/texts.ts';
import { blockStartOf } from './calc/predict.ts';
import { demandWarningPlan } from './calc/warning-plan.ts';
import type { EventRow } from '../hub/index.ts';
import { predictCapacityNodes, type NodeDemand } from './repo/node-predictions.ts';

/** The alarm event's target for the warning (a threshold alarm's target is 'demand'). */
export const DEMAND_EVENT_TARGET = 'predicted-demand';

export type { NodeDemand } from './repo/node-predictions.ts';

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
  const nodes = await predictCapacityNodes(db, factoryId, now, targetPercent);
  const drafts: EventDraft[] = nodes
    .filter((node) => node.predictedKw !== null && node.predictedKw > node.targetKw)
    .map((node) => ({
      nodeId: node.nodeId,
      target: DEMAND_EVENT_TARGET,
      kind: 'demand',
      texts: nodeDemandWarningTexts(
        node.name,
        node.predictedKw!,
        node.targetKw,
        node.capacityKw,
        // Nothing is shed for a node: only the minutes left and the kW to take off.
        demandWarningPlan({
          now,
          blockStart: blockStartOf(now),
          predictedKw: node.predictedKw!,
          targetKw: node.targetKw,
          autoShed: false,
          candidates: [],
          active: [],
          minOffMs: 0,
        }),
      ),
      value: node.predictedKw!,
      limits: { low: null, high: node.targetKw },
      openedAt: new Date(now),
      lastBreachAt: new Date(now),
    }));
  if (drafts.length === 0) return { nodes, opened: [] };
  const opened = await db.transaction(async (tx) => {
    const events = await upsertNodeEvents(tx, factoryId, drafts);
    const rows = events.filter((e) => e.opened).map((e) => e.row);
    await queueNewEventMail(tx, rows);
    return rows;
  });
  return { nodes, opened };
}
