import fp from 'fastify-plugin';
import { pruneRawReadings } from './repo/retention.ts';
import { DAY_MS } from '../../platform/time/zone-time.ts';

/** Give start-up (and the simulator's first backfill) a head start before the first prune. */
const FIRST_RUN_DELAY_MS = 5 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes raw readings past RAW_RETENTION_DAYS now; returns how many went. */
    pruneRawReadings: () => Promise<number>;
  }
}

export interface RetentionOptions {
  rawRetentionDays: number;
}

/**
 * Drops raw readings older than RAW_RETENTION_DAYS once a day while the server
 * listens (rollups are kept forever, DESIGN §4). Under `inject` nothing is
 * scheduled; tests call `app.pruneRawReadings()`.
 */
export const retentionPlugin = fp<RetentionOptions>(
  async (app, { rawRetentionDays }) => {
    app.decorate('pruneRawReadings', () => pruneRawReadings(app.db, rawRetentionDays));

    let timer: NodeJS.Timeout | undefined;
    const run = async () => {
      try {
        const deleted = await app.pruneRawReadings();
        if (deleted > 0) app.log.info({ deleted, rawRetentionDays }, 'pruned old raw readings');
      } catch (err) {
        app.log.error({ err }, 'pruning old raw readings failed; will try again tomorrow');
      }
      timer = setTimeout(run, DAY_MS).unref();
    };
    app.addHook('onListen', async () => {
      timer = setTimeout(run, FIRST_RUN_DELAY_MS).unref();
    });
    app.addHook('onClose', async () => clearTimeout(timer));
  },
  { name: 'retention', dependencies: ['db'] },
);
