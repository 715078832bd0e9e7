import fp from 'fastify-plugin';
import { MINUTE_MS } from '@wattboard/zone-time';
import { every, periodicTask } from '../../platform/periodic-task.ts';
import { checkAnomalies } from './check-anomalies.ts';
import { TypicalDays } from './typical-days.ts';

export interface AnomaliesPluginOptions {
  /** How often the points are judged while listening. */
  everyMs?: number;
  /** Delay before the first look after listen. */
  firstRunMs?: number;
}

export interface Anomalies {
  /** Judges the complete quarters due at `now` in every factory; returns how many events it opened. */
  check(now?: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    anomalies: Anomalies;
  }
}

/**
 * Anomaly events (issue #27, decision 0082): every minute while the server
 * listens, each point's quarters completed since its last look are judged
 * against its typical day. A minute is enough: a quarter is complete once
 * its closing reading is rolled up, and most looks find nothing new and read
 * only the points' newest reading times. Under `inject` no timer runs; tests
 * call `app.anomalies.check(now)`.
 */
export const anomaliesPlugin = fp<AnomaliesPluginOptions>(
  async (app, options) => {
    const typical = new TypicalDays();
    app.decorate('anomalies', {
      check: (now = new Date()) => checkAnomalies(app, typical, now),
    } satisfies Anomalies);

    const looks = periodicTask({
      name: 'anomalies: the look at complete quarters',
      log: app.log,
      run: async () => {
        const opened = await app.anomalies.check(new Date());
        if (opened > 0) app.log.info({ opened }, 'anomalies: events opened');
      },
      next: every(options.everyMs ?? MINUTE_MS),
      // After a restart the rollup worker catches up first.
      firstDelayMs: options.firstRunMs ?? 2 * MINUTE_MS,
    });
    app.addHook('onListen', async () => looks.start());
    app.addHook('preClose', () => looks.stop());
  },
  { name: 'anomalies', dependencies: ['db', 'hub', 'mail', 'alarms'] },
);
