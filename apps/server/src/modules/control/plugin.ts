import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import type { ControlChangedPayload } from '@wattboard/contract';
import { announceNewEvents } from '../alarms/index.ts';
import { runDemandStep } from '../demand/index.ts';
import { applyReport, type DeviceReport } from './repo/reports.ts';
import { controlRoutes } from './routes.ts';
import { createMqttSender } from './mqtt-sender.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';
import type { CommandSender } from './sender.ts';
import { createSimulatorSender, restoreSimulatorSwitches } from './simulator-sender.ts';
import { atEachMinute, periodicTask } from '../../platform/periodic-task.ts';

export interface ControlPluginOptions {
  /** With MQTT_URL commands go to devices over MQTT; without, to the in-process simulator. */
  mqttUrl?: string;
  /** MQTT topic root (tests use a unique one). */
  topicPrefix?: string;
  /** The clock (tests pass a fake one); the real one by default. */
  now?: () => number;
  /** This instance's name in the lease table (tests name their two instances). */
  holder?: string;
  /** Run the scheduler each minute once listening (default true; `inject` tests tick by hand). */
  timer?: boolean;
}

export interface Control {
  scheduler: Scheduler;
  /** The clock of the scheduler's runs and pushes; tests replace it with a fake one. */
  now: () => number;
  sender: CommandSender;
  /** Applies a device's report (tests and the MQTT listener). */
  report(report: DeviceReport): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    control: Control;
  }
}

/** Ticks run a few seconds after the minute, after the simulator's readings of that minute. */
const TICK_DELAY_MS = 3000;

/**
 * Control (issue #12): the five calls, the scheduler (one per
 * factory across instances, by a lease in the database), the command sender,
 * device reports, and the hub's ControlChanged push so other pages refresh.
 */
export const controlPlugin = fp<ControlPluginOptions>(
  async (app, options) => {
    const now = () => control.now();
    const holder =
      options.holder ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;

    const push = async (factoryId: number, payload: Omit<ControlChangedPayload, 'time'>) => {
      try {
        await app.hub.toFactory(factoryId, 'ControlChanged', {
          ...payload,
          time: new Date(now()).toISOString(),
        });
      } catch (err) {
        app.log.warn({ err }, 'control: hub push failed');
      }
    };

    const report = async (deviceReport: DeviceReport) => {
      const outcome = await app.db.transaction((tx) => applyReport(tx, deviceReport));
      if (outcome === 'unknown') return;
      await push(deviceReport.factoryId, {
        source: 'device',
        channelGroupIds: [],
        channelScheduleIds: [deviceReport.channelId],
      });
    };

    const sender: CommandSender = options.mqttUrl
      ? createMqttSender({
          url: options.mqttUrl,
          topicPrefix: options.topicPrefix,
          db: app.db,
          log: app.log,
          report,
        })
      : createSimulatorSender(app.simulator, report);

    const scheduler = createScheduler({
      db: app.db,
      log: app.log.child({ module: 'control' }),
      holder,
      sender: () => sender,
      countCommand: () => app.metrics.schedulerCommands.inc(),
      onOffline: (factoryId, channelIds) =>
        push(factoryId, { source: 'device', channelGroupIds: [], channelScheduleIds: channelIds }),
      // Demand management (issue #15) under the same lease, before the channels are decided.
      demand: async (factoryId, at) => {
        const run = await runDemandStep(
          {
            db: app.db,
            log: app.log.child({ module: 'demand' }),
            announce: (id, rows) => announceNewEvents(app, id, rows),
          },
          factoryId,
          at,
        );
        if (run.decision && run.decision.steps.length > 0) {
          const ids = run.decision.steps.map((step) => step.channelId);
          await push(factoryId, { source: 'device', channelGroupIds: [], channelScheduleIds: ids });
        }
        return new Set(run.decision?.shedIds ?? []);
      },
    });
    const control: Control = { scheduler, sender, report, now: options.now ?? Date.now };
    app.decorate('control', control);

    await app.register(controlRoutes, {
      // The commands go out before the push, so the pages' re-read shows them in flight.
      afterChange: async (factoryId, outcome) => {
        try {
          await scheduler.kick(factoryId, now(), outcome);
        } catch (err) {
          app.log.error({ err }, 'control: scheduler run after a change failed');
        }
        await push(factoryId, { source: 'person', ...outcome });
      },
    });

    if (sender.kind === 'simulator') {
      app.addHook('onReady', async () => {
        await restoreSimulatorSwitches(app.db, app.simulator);
      });
    }

    const ticks = periodicTask({
      name: 'control: scheduler tick',
      log: app.log,
      run: () => scheduler.tick(now()),
      next: atEachMinute(TICK_DELAY_MS),
    });
    if (options.timer !== false) app.addHook('onListen', async () => ticks.start());
    app.addHook('preClose', () => ticks.stop());
    app.addHook('onClose', async () => {
      await scheduler.release().catch(() => undefined);
      await sender.close();
    });
  },
  { name: 'control', dependencies: ['db', 'simulator'] },
);
