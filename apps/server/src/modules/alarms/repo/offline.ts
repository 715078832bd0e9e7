/**
 * Silent meters: a metered node that has reported before but not
 * for 10 minutes raises one `offline` event per silence. It is not raised again
 * for the same silence once a person has cleared it; only a node that reports
 * and then falls silent again starts a new one.
 */
import type { FastifyInstance } from 'fastify';
import type { EventRow } from '../../hub/index.ts';
import { upsertNodeEvents, type EventDraft } from './events.ts';
import { announceNewEvents, queueNewEventMail } from '../new-events.ts';
import { offlineTexts } from '../texts.ts';

export const OFFLINE_AFTER_MS = 10 * 60_000;
export const OFFLINE_TARGET = 'offline';

/** The newest reading a node may have and still count as silent at `now`. */
export function silenceCutoff(now: Date): Date {
  return new Date(now.getTime() - OFFLINE_AFTER_MS);
}

export interface SilentNode {
  factoryId: number;
  nodeId: number;
  name: string;
  chName: string;
  timeZone: string;
  lastReadingAt: Date;
}

export function offlineDraft(node: SilentNode, now: Date): EventDraft {
  return {
    nodeId: node.nodeId,
    target: OFFLINE_TARGET,
    kind: 'offline',
    texts: offlineTexts(node, node.lastReadingAt, node.timeZone),
    value: null,
    limits: { low: null, high: null },
    openedAt: now,
    lastBreachAt: now,
  };
}

/**
 * Active metered nodes of every factory silent since the cutoff without an
 * event for this silence (a retired meter is silent on purpose).
 */
async function findSilentNodes(app: FastifyInstance, now: Date): Promise<SilentNode[]> {
  const rows = await app.db.query<{
    factory_id: number;
    node_id: number;
    name: string;
    ch_name: string;
    time_zone: string;
    ts: Date;
  }>(
    `SELECT l.factory_id, l.node_id, n.name, n.ch_name, f.time_zone, l.ts
       FROM latest_readings l
       JOIN active_nodes n ON n.factory_id = l.factory_id AND n.id = l.node_id
       JOIN factories f ON f.id = l.factory_id
      WHERE l.ts < $1::timestamptz AND n.type <> 'virtual'
        AND NOT EXISTS (
          SELECT 1 FROM events e
           WHERE e.factory_id = l.factory_id AND e.node_id = l.node_id AND e.target = $2
             AND (e.state = 'unresolved' OR e.opened_at >= l.ts))
      ORDER BY l.factory_id, l.node_id`,
    [silenceCutoff(now).toISOString(), OFFLINE_TARGET],
  );
  return rows.map((row) => ({
    factoryId: row.factory_id,
    nodeId: row.node_id,
    name: row.name,
    chName: row.ch_name,
    timeZone: row.time_zone,
    lastReadingAt: row.ts,
  }));
}

/** Opens the offline events due at `now`, factory by factory; returns how many it opened. */
export async function checkOffline(app: FastifyInstance, now: Date): Promise<number> {
  const silent = await findSilentNodes(app, now);
  const byFactory = new Map<number, SilentNode[]>();
  for (const node of silent) {
    byFactory.set(node.factoryId, [...(byFactory.get(node.factoryId) ?? []), node]);
  }
  let opened = 0;
  for (const [factoryId, nodes] of byFactory) {
    const rows: EventRow[] = await app.db.transaction(async (tx) => {
      const events = await upsertNodeEvents(
        tx,
        factoryId,
        nodes.map((node) => offlineDraft(node, now)),
      );
      const newRows = events.filter((event) => event.opened).map((event) => event.row);
      await queueNewEventMail(tx, newRows);
      return newRows;
    });
    opened += rows.length;
    await announceNewEvents(app, factoryId, rows);
  }
  return opened;
}
