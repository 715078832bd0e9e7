import type { Queryable } from '../../platform/db/db.ts';
import type { NormalizedReading } from '../rollups/index.ts';
import type { HubBroadcast } from './broadcast.ts';
import { deviceReadingPayload } from './device-readings.ts';
import { createNodeThrottle } from './node-throttle.ts';
import { ancestorParents } from './repo/node-parents.ts';

/**
 * A burst of readings under one node (a meter's circuits, a whole area in the
 * same minute) becomes at most one push to that node's subscribers per window;
 * the last reading of the burst still goes out at the window's end.
 */
export const ANCESTOR_PUSH_WINDOW_MS = 5000;

/**
 * Every ancestor of the readings' nodes, at any depth, with the newest reading
 * time below it. `parentOf` maps each node (and each ancestor) to its parent.
 */
export function ancestorTimes(
  fresh: readonly NormalizedReading[],
  parentOf: ReadonlyMap<number, number | null>,
): Map<number, Date> {
  const times = new Map<number, Date>();
  for (const reading of fresh) {
    const seen = new Set<number>([reading.nodeId]);
    let parent = parentOf.get(reading.nodeId) ?? null;
    // `seen` guards against a cycle in bad data: each chain is walked once.
    while (parent !== null && !seen.has(parent)) {
      seen.add(parent);
      const known = times.get(parent);
      if (!known || known < reading.ts) times.set(parent, reading.ts);
      parent = parentOf.get(parent) ?? null;
    }
  }
  return times;
}

export interface AncestorPusher {
  /** Offers the batch's fresh readings: their ancestors' subscribers are pushed, throttled per node. */
  push(factoryId: number, fresh: readonly NormalizedReading[]): Promise<void>;
  close(): void;
}

/** DeviceReading for every ancestor of fresh readings, at most one per node per window. */
export function createAncestorPusher(options: {
  db: Queryable;
  publish: (broadcast: HubBroadcast) => Promise<void>;
  windowMs?: number;
  onError: (error: unknown, nodeId: number) => void;
}): AncestorPusher {
  const throttle = createNodeThrottle<{ factoryId: number; time: Date }>(
    options.windowMs ?? ANCESTOR_PUSH_WINDOW_MS,
    (nodeId, { factoryId, time }) => {
      const broadcast: HubBroadcast = {
        scope: 'factory',
        factoryId,
        target: 'DeviceReading',
        payload: deviceReadingPayload(nodeId, time),
        deviceIds: [nodeId],
      };
      options.publish(broadcast).catch((error: unknown) => options.onError(error, nodeId));
    },
  );
  return {
    async push(factoryId, fresh) {
      const nodeIds = fresh.map((reading) => reading.nodeId);
      const parents = await ancestorParents(options.db, factoryId, nodeIds);
      for (const [nodeId, time] of ancestorTimes(fresh, parents)) {
        throttle.offer(nodeId, { factoryId, time });
      }
    },
    close: () => throttle.close(),
  };
}
