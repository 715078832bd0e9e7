import fp from 'fastify-plugin';
import type { NormalizedReading } from '../pipeline/normalized-reading.ts';

/**
 * Called after readings are committed, with only the newly stored ones (no
 * duplicates). Alarms evaluate them and the hub pushes DeviceReading.
 */
export type ReadingsListener = (
  factoryId: number,
  stored: readonly NormalizedReading[],
) => Promise<void> | void;

export interface ReadingsFeed {
  subscribe(listener: ReadingsListener): void;
  /**
   * Runs every listener in turn and resolves when all are done. A listener's
   * failure is logged and never reaches the caller: the readings are already
   * stored, so ingest must still acknowledge them.
   */
  publish(factoryId: number, stored: readonly NormalizedReading[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readingsFeed: ReadingsFeed;
  }
}

/**
 * The one place every ingest path (HTTP, MQTT, simulator) announces stored
 * readings, so alarms and the hub do not depend on how readings arrived.
 */
export const readingsFeedPlugin = fp(
  async (app) => {
    const listeners: ReadingsListener[] = [];
    app.decorate('readingsFeed', {
      subscribe: (listener) => {
        listeners.push(listener);
      },
      publish: async (factoryId, stored) => {
        if (stored.length === 0) return;
        for (const listener of listeners) {
          try {
            await listener(factoryId, stored);
          } catch (err) {
            app.log.error({ err, factoryId }, 'a stored-readings listener failed');
          }
        }
      },
    } satisfies ReadingsFeed);
  },
  { name: 'readings-feed' },
);
