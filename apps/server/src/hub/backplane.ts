import type { HubBroadcast } from './broadcast.ts';

/**
 * Carries broadcasts to every server instance, this one included; each
 * instance delivers them to its own connections exactly once.
 */
export interface Backplane {
  publish(broadcast: HubBroadcast): Promise<void>;
  close(): Promise<void>;
}

/** Delivers a broadcast to this instance's matching connections. */
export type DeliverLocally = (broadcast: HubBroadcast) => void;

/** One instance, no REDIS_URL: publishing is delivering. */
export function createLocalBackplane(deliver: DeliverLocally): Backplane {
  return {
    async publish(broadcast) {
      deliver(broadcast);
    },
    async close() {},
  };
}
