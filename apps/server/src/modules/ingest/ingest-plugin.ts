import fp from 'fastify-plugin';
import {
  checkReadings,
  storeChecked,
  type IngestOptions,
  type IngestResult,
} from './ingest-readings.ts';
import { rejectionClass } from './rejection-class.ts';
import { createKeyedSerializer } from './keyed-serializer.ts';

/** Where a batch came from, for metrics and logs. */
export type IngestPath = 'http' | 'mqtt' | 'simulator';

export interface AppIngestOptions extends IngestOptions {
  path: IngestPath;
}

/**
 * The one entry point for meter data: checks and stores a batch, then hands
 * what was newly stored to the readings feed (hub, alarms) and returns. It
 * resolves once the readings are committed and queued, not when the listeners
 * are done, so a gateway's answer or an MQTT acknowledgement never waits for
 * fan-out; `app.readingsFeed.idle()` waits for that.
 */
export type Ingest = (
  factoryId: number,
  wire: readonly unknown[],
  options: AppIngestOptions,
) => Promise<IngestResult>;

declare module 'fastify' {
  interface FastifyInstance {
    ingest: Ingest;
  }
}

export const ingestPlugin = fp(
  async (app) => {
    const { ingestReadings: readingsCounter, ingestBatches } = app.metrics;
    // The pipeline already stores one factory's batches one at a time (a lock
    // per factory in the database), so queueing them here as well costs no
    // throughput, and it makes the feed's order the commit order exactly: a
    // batch is announced before the next one of its factory starts storing.
    const inFactoryOrder = createKeyedSerializer<number>();

    const ingest: Ingest = async (factoryId, wire, { path, ...options }) => {
      let result: IngestResult;
      try {
        const checked = await checkReadings(app.db, factoryId, wire, options);
        result = await inFactoryOrder(factoryId, async () => {
          const stored = await storeChecked(app.db, factoryId, checked);
          // Listeners (alarms read rollups_15m, the hub latest_readings) wait for
          // the rollup worker; this answer does not.
          app.readingsFeed.announce(factoryId, stored.stored, stored.rollupsSettled);
          return stored;
        });
      } catch (error) {
        ingestBatches.inc({ path, result: 'failed' });
        throw error;
      }
      ingestBatches.inc({ path, result: 'stored' });
      if (result.accepted > 0) {
        readingsCounter.inc({ path, outcome: 'accepted' }, result.accepted);
      }
      if (result.duplicates > 0) {
        readingsCounter.inc({ path, outcome: 'duplicate' }, result.duplicates);
      }
      for (const { reason } of result.rejected) {
        readingsCounter.inc({ path, outcome: 'rejected', reason: rejectionClass(reason) });
      }
      return result;
    };
    app.decorate('ingest', ingest);
  },
  { name: 'ingest', dependencies: ['db', 'metrics', 'readings-feed'] },
);
