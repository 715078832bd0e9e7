import fp from 'fastify-plugin';
import { MINUTE_MS } from '@wattboard/zone-time';
import { alarmRoutes } from './routes.ts';
import { eventRoutes } from './event-routes.ts';
import { checkOffline } from './repo/offline.ts';
import { evaluateStoredReadings } from './on-readings.ts';
import { RECENT_READING_MS } from './rules.ts';
import { every, periodicTask } from '../../platform/periodic-task.ts';

export interface AlarmsPluginOptions {
  /** POST /api/test/alarm exists only with dev tools. */
  devTools: boolean;
  /** How often silent meters are looked for while listening. */
  offlineEveryMs?: number;
  /** Delay before the first look after listen (see below). */
  offlineFirstRunMs?: number;
}

export interface Alarms {
  /** Opens the offline events due at `now` in every factory; returns how many it opened. */
  checkOffline(now?: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    alarms: Alarms;
  }
}

/** With the feed's backoff (0.25 s doubling to 30 s) about 1.5 minutes of trying. */
export const ALARM_EVALUATION_ATTEMPTS = 10;

/**
 * Alarms (docs/product/alarms-and-control.md): every stored batch is evaluated through the readings
 * feed, silent meters are looked for every minute while the server listens,
 * and the settings, resolve and test-alarm calls are registered. Under
 * `inject` no timer runs; tests call `app.alarms.checkOffline(now)`.
 */
export const alarmsPlugin = fp<AlarmsPluginOptions>(
  async (app, options) => {
    app.decorate('alarms', {
      checkOffline: (now = new Date()) => checkOffline(app, now),
    } satisfies Alarms);

    // Retried: a failed evaluation rolled back, so trying again is safe, and
    // giving up would lose an alarm. Bounded, because the factory's later
    // batches wait behind this one (they must be judged in order).
    app.readingsFeed.subscribe(
      'alarms',
      async (factoryId, stored) => {
        await evaluateStoredReadings(app, factoryId, stored);
      },
      { attempts: ALARM_EVALUATION_ATTEMPTS, maxAgeMs: RECENT_READING_MS },
    );

    await app.register(alarmRoutes, { devTools: options.devTools });
    await app.register(eventRoutes);

    const offlineEveryMs = options.offlineEveryMs ?? MINUTE_MS;
    // The first look waits a couple of minutes after listen: after a restart the
    // meters (and the simulator's catch-up) need a moment to report again, and
    // the time the server itself was down is not the meters' silence.
    const firstRun = options.offlineFirstRunMs ?? 2 * MINUTE_MS;
    const offlineChecks = periodicTask({
      name: 'alarms: the offline check',
      log: app.log,
      run: async () => {
        const opened = await app.alarms.checkOffline(new Date());
        if (opened > 0) app.log.info({ opened }, 'alarms: offline events opened');
      },
      next: every(offlineEveryMs),
      firstDelayMs: firstRun,
    });
    app.addHook('onListen', async () => offlineChecks.start());
    app.addHook('preClose', () => offlineChecks.stop());
  },
  { name: 'alarms', dependencies: ['db', 'auth', 'readings-feed', 'hub', 'mail'] },
);
