import { broadcastFrom, type HubBroadcast } from './broadcast.ts';
import { parseCloseOrder, type HubCloseOrder } from './close-order.ts';

/** What travels between instances: an event for connections, or an order to close some. */
export type BackplaneMessage = HubBroadcast | HubCloseOrder;

/** A message read back from the backplane, or null for anything malformed. */
export function parseBackplaneMessage(text: string): BackplaneMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  return record['scope'] === 'close' ? parseCloseOrder(record) : broadcastFrom(record);
}

/**
 * Carries broadcasts to every server instance, this one included; each
 * instance delivers them to its own connections exactly once.
 */
export interface Backplane {
  publish(message: BackplaneMessage): Promise<void>;
  close(): Promise<void>;
}

/** Delivers a broadcast (or carries out a close order) on this instance's connections. */
export type DeliverLocally = (message: BackplaneMessage) => void;

/** One instance, no REDIS_URL: publishing is delivering. */
export function createLocalBackplane(deliver: DeliverLocally): Backplane {
  return {
    async publish(message) {
      deliver(message);
    },
    async close() {},
  };
}
