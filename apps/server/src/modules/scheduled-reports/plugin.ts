import fp from 'fastify-plugin';
import { MINUTE_MS } from '@wattboard/zone-time';
import { runDueReports } from './run-due.ts';
import { every, periodicTask } from '../../platform/periodic-task.ts';

declare module 'fastify' {
  interface FastifyInstance {
    scheduledReports: {
      /** One scheduler pass at `now` (default: the clock); resolves with the mails queued. */
      runDue(now?: Date): Promise<number>;
    };
  }
}

/** How often the scheduler looks for due reports: a report goes out at most this late. */
export const REPORT_TICK_MS = MINUTE_MS;

/**
 * The scheduled-report scheduler (issue #15). While the server listens it
 * runs at once (a run missed while no server ran goes out now) and then every
 * minute; under `inject` nothing runs by itself and tests call runDue. Passes
 * never overlap on one instance; across instances the run table's insert-once
 * keeps every period to one mail per receiver. Queued mail wakes the outbox.
 */
export const scheduledReportsPlugin = fp(
  async (app) => {
    let queue: Promise<unknown> = Promise.resolve();
    const runDue = (now?: Date) => {
      const pass = queue.then(async () => {
        const queued = await runDueReports(app.db, now ?? new Date(), app.log);
        if (queued > 0) app.mail.kick();
        return queued;
      });
      queue = pass.catch(() => undefined);
      return pass;
    };
    app.decorate('scheduledReports', { runDue });

    const passes = periodicTask({
      name: 'scheduled reports',
      log: app.log,
      run: () => runDue(),
      next: every(REPORT_TICK_MS),
      firstDelayMs: 0,
    });
    app.addHook('onListen', async () => passes.start());
    app.addHook('preClose', async () => {
      await passes.stop();
      await queue;
    });
  },
  { name: 'scheduled-reports', dependencies: ['db', 'mail'] },
);
