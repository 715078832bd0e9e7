import type { DeviceReadingPayload } from '@wattboard/contract';
import type { Queryable } from '../../platform/db/db.ts';
import { phaseReadings, roundMeasure } from '../monitor/index.ts';
import type { NormalizedReading } from '../rollups/index.ts';
import type { HubBroadcast } from './broadcast.ts';
import { nodeWirings } from './repo/node-parents.ts';

/**
 * Only readings this recent are pushed live: the simulator's 90-day backfill
 * and late gateway uploads go through the same feed and must cost nothing.
 */
export const LIVE_READING_MAX_AGE_MS = 5 * 60_000;

/**
 * Each node's newest reading of the batch, when it is recent (within maxAgeMs
 * before now; the ingest clock already refuses the future). One pass, no I/O.
 */
export function newestRecentReadings(
  stored: readonly NormalizedReading[],
  now: number,
  maxAgeMs: number = LIVE_READING_MAX_AGE_MS,
): NormalizedReading[] {
  const oldest = now - maxAgeMs;
  const newest = new Map<number, NormalizedReading>();
  for (const reading of stored) {
    const ts = reading.ts.getTime();
    if (ts < oldest) continue;
    const seen = newest.get(reading.nodeId);
    if (!seen || ts > seen.ts.getTime()) newest.set(reading.nodeId, reading);
  }
  return [...newest.values()];
}

/** The DeviceReading payload: the values the monitor page shows for the node, rounded the same way. */
export function deviceReadingPayload(
  reading: NormalizedReading,
  wiring: string | null,
): DeviceReadingPayload {
  return {
    deviceId: reading.nodeId,
    time: reading.ts.toISOString(),
    valueKw: roundMeasure(reading.kw),
    channels: phaseReadings(wiring, {
      phases: reading.phases,
      kw: reading.kw,
      temperature: reading.temperature,
    }),
  };
}

/**
 * The node itself and its parent: Monitor/Device lists a node's direct
 * children, so a page opened on the parent shows this reading too.
 */
export function subscriberDeviceIds(nodeId: number, parentId: number | null): number[] {
  return parentId === null ? [nodeId] : [nodeId, parentId];
}

/** DeviceReading broadcasts for the fresh readings (one query for their nodes' wiring and parents). */
export async function deviceReadingBroadcasts(
  db: Queryable,
  factoryId: number,
  fresh: readonly NormalizedReading[],
): Promise<HubBroadcast[]> {
  if (fresh.length === 0) return [];
  const rows = await nodeWirings(
    db,
    factoryId,
    fresh.map((reading) => reading.nodeId),
  );
  const nodes = new Map(rows.map((row) => [row.id, row]));
  return fresh.flatMap((reading) => {
    const node = nodes.get(reading.nodeId);
    if (!node) return [];
    return [
      {
        scope: 'factory' as const,
        factoryId,
        target: 'DeviceReading' as const,
        payload: deviceReadingPayload(reading, node.wiring),
        deviceIds: subscriberDeviceIds(node.id, node.parent_id),
      },
    ];
  });
}
