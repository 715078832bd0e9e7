import { hubServerEvents, type HubServerEvent } from '@wattboard/contract';
import { eventRecord } from './protocol.ts';

/**
 * One server event on its way to connections, on this instance or (through the
 * backplane) on every instance: each delivers it to its own matching sockets.
 */
export interface HubBroadcast {
  scope: 'factory' | 'all';
  /** Required when scope is 'factory'. */
  factoryId?: number;
  target: HubServerEvent;
  payload: unknown;
  /**
   * Only connections subscribed to one of these nodes get it (DeviceReading:
   * the node the news is about).
   */
  deviceIds?: number[];
}

/** The developer test screen's alias names for an event (dev mode only). */
const DEV_ALIASES: Partial<Record<HubServerEvent, readonly HubServerEvent[]>> = {
  AlertReceived: ['FactoryAlert', 'alert'],
  AnnouncementReceived: ['FactoryAnnouncement', 'announcement'],
  NotificationReceived: ['notification'],
};

/** The event names a target goes out under: itself, plus its aliases in dev mode. */
export function targetsFor(target: HubServerEvent, devTools: boolean): HubServerEvent[] {
  return devTools ? [target, ...(DEV_ALIASES[target] ?? [])] : [target];
}

/** The records for one event, aliases included, ready to send as one frame. */
export function eventFrame(target: HubServerEvent, payload: unknown, devTools: boolean): string {
  return targetsFor(target, devTools)
    .map((name) => eventRecord(name, payload))
    .join('');
}

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** A broadcast read back from the backplane, or null for anything malformed. */
export function parseBroadcast(text: string): HubBroadcast | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return broadcastFrom(value);
}

/** The broadcast an already parsed backplane message is, or null for anything malformed. */
export function broadcastFrom(value: unknown): HubBroadcast | null {
  if (typeof value !== 'object' || value === null) return null;
  const { scope, factoryId, target, payload, deviceIds } = value as Record<string, unknown>;
  if (typeof target !== 'string' || !Object.hasOwn(hubServerEvents, target)) return null;
  if (scope !== 'all' && !(scope === 'factory' && isWholeNumber(factoryId))) return null;
  if (deviceIds !== undefined && !(Array.isArray(deviceIds) && deviceIds.every(isWholeNumber))) {
    return null;
  }
  return {
    scope,
    ...(scope === 'factory' ? { factoryId: factoryId as number } : {}),
    target: target as HubServerEvent,
    payload,
    ...(deviceIds !== undefined ? { deviceIds: deviceIds as number[] } : {}),
  };
}

/** Who on this instance gets it: the factory's (or every) connection, narrowed by device subscriptions. */
export function isRecipient(
  broadcast: HubBroadcast,
  client: { factoryId: number; subscriptions: ReadonlySet<number> },
): boolean {
  if (broadcast.scope === 'factory' && client.factoryId !== broadcast.factoryId) return false;
  if (broadcast.deviceIds === undefined) return true;
  return broadcast.deviceIds.some((id) => client.subscriptions.has(id));
}
