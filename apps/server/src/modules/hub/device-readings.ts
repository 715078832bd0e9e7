import type { DeviceReadingPayload } from '@wattboard/contract';
import type { NormalizedReading } from '../rollups/index.ts';
import type { HubBroadcast } from './broadcast.ts';

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

/**
 * The DeviceReading payload: which node has new data and as of when. No
 * values: the page refetches what it shows from the rollups (so its figures
 * agree with each other), which spares each push a query and its rounding.
 */
export function deviceReadingPayload(deviceId: number, time: Date): DeviceReadingPayload {
  return { deviceId, time: time.toISOString() };
}

/**
 * A DeviceReading to the subscribers of each fresh reading's own node. No
 * query: the node ids come from the factory's own stored readings, and only
 * connections of that factory that subscribed to the node get it. The
 * parent's page hears of it through its own push (ancestor-pushes.ts).
 */
export function deviceReadingBroadcasts(
  factoryId: number,
  fresh: readonly NormalizedReading[],
): HubBroadcast[] {
  return fresh.map((reading): HubBroadcast => ({
    scope: 'factory',
    factoryId,
    target: 'DeviceReading',
    payload: deviceReadingPayload(reading.nodeId, reading.ts),
    deviceIds: [reading.nodeId],
  }));
}
