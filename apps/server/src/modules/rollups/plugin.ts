import fp from 'fastify-plugin';
import { startRollupWorker } from './rollup-worker.ts';

/**
 * The rollup worker (issue #9): ingest acknowledges once the readings and their
 * rollup mark are committed, and this worker brings latest_readings and the
 * rollups up to date behind it (one transaction per factory, so a virtual node
 * never reads half-updated). It starts after the database and stops before it
 * closes; marks left by a stop or a crash are rows, drained on the next start.
 */
export const rollupWorkerPlugin = fp(
  async (app) => {
    const log = app.log.child({ module: 'rollup-worker' });
    const worker = startRollupWorker(app.db, {
      onError: (err, factoryId) =>
        log.error({ err, factoryId }, 'rolling up stored readings failed; retrying'),
    });
    // onClose hooks run in reverse registration order: after the readings feed
    // finished its listeners (which wait for rollups), before the database closes.
    app.addHook('onClose', () => worker.stop());
  },
  { name: 'rollup-worker', dependencies: ['db'] },
);
