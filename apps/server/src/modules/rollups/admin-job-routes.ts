import type { FastifyInstance } from 'fastify';
import { adminJobList } from '@wattboard/contract';
import { registerAdminCall } from '../auth/index.ts';
import { stopAdminJobs } from './jobs/job-runner.ts';
import { failInterruptedJobs, listJobs } from './repo/jobs.ts';

/** Background recomputations: progress for the page; jobs a restart cut short are marked failed. */
export async function adminJobRoutes(app: FastifyInstance) {
  app.addHook('onReady', async () => {
    await failInterruptedJobs(app.db);
  });
  // onClose of this plugin runs before the database plugin's (registered earlier) closes it.
  app.addHook('onClose', async () => {
    await stopAdminJobs(app.db);
  });

  registerAdminCall(app, adminJobList, async ({ factoryId, ok }) => ({
    ...ok,
    jobs: await listJobs(app.db, factoryId),
  }));
}
