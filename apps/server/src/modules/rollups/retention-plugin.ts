import fp from 'fastify-plugin';
import { pruneRawReadings } from './repo/retention.ts';
import { DAY_MS } from '@wattboard/zone-time';
import { every, periodicTask } from '../../platform/periodic-task.ts';

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
 * listens (rollups are kept forever). Under `inject` nothing is
 * scheduled; tests call `app.pruneRawReadings()`.
 */
export const retentionPlugin = fp<RetentionOptions>(
  async (app, { rawRetentionDays }) => {
    app.decorate('pruneRawReadings', () => pruneRawReadings(app.db, rawRetentionDays));

    const pruning = periodicTask({
      name: 'retention: pruning old raw readings',
      log: app.log,
      run: async () => {
        const deleted = await app.pruneRawReadings();
        if (deleted > 0) app.log.info({ deleted, rawRetentionDays }, 'pruned old raw readings');
      },
      next: every(DAY_MS),
      firstDelayMs: FIRST_RUN_DELAY_MS,
    });
    app.addHook('onListen', async () => pruning.start());
    app.addHook('onClose', () => pruning.stop());
  },
  { name: 'retention', dependencies: ['db'] },
);
