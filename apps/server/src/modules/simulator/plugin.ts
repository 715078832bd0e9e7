import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import mqtt from 'mqtt';
import { createMqttReadingWriter } from './mqtt-writer.ts';
import type { Tier } from './plan.ts';
import { releaseMemory } from './release-memory.ts';
import {
  createSimulator,
  type ReadingWriter,
  type RunResult,
  type Simulator,
} from './simulator.ts';
import { atEachMinute, periodicTask } from '../../platform/periodic-task.ts';

/** The simulator as the app exposes it, plus its background start-up. */
export interface SimulatorHandle extends Simulator {
  /** Resolves with the start-up backfill or catch-up once stored (null when it never started). */
  startup(): Promise<RunResult | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    simulator: SimulatorHandle;
  }
}

export interface SimulatorPluginOptions {
  /** SIMULATOR=off disables it: no backfill, no live readings. */
  enabled: boolean;
  seed?: number;
  factorySlug?: string;
  batchSize?: number;
  /** Where readings go; the real ingest path by default. */
  write?: ReadingWriter;
  /** History to create on a first start (tests use a short one). */
  backfillTiers?: readonly Tier[];
  /**
   * SIMULATOR_TRANSPORT=mqtt: live readings are published to this broker (QoS 1)
   * instead of going in-process, so the instances' shared subscription ingests
   * them as a real gateway's. The first start's history stays in-process.
   */
  mqtt?: { url: string; topicPrefix?: string };
}

export const DEFAULT_SEED = 20_260_321;
/**
 * Readings per ingest call during backfill: ~16 instants of the demo factory's
 * 38 meters. PGlite runs on the event loop, so one batch blocks every request
 * while it is stored: 3000 made pages take ~1 s during a first start on a
 * 2-core machine; 600 keeps requests near 100-200 ms for about the same total.
 */
export const DEFAULT_BATCH_SIZE = 600;
/** Ticks run a second after the minute, so the minute's reading is never in the future. */
const TICK_DELAY_MS = 1000;

/**
 * The virtual factory (docs/product/ingest-and-simulator.md). Once the server listens it backfills (first
 * start) or catches up (restart) in the background, then sends a reading per
 * node every minute through ingest. `app.simulator.tick(now)` runs one step
 * (tests use it; nothing runs by itself under `inject`).
 */
export const simulatorPlugin = fp<SimulatorPluginOptions>(
  async (app, options) => {
    const write: ReadingWriter =
      options.write ??
      ((factoryId, readings) => app.ingest(factoryId, readings, { path: 'simulator' }));
    const publisher =
      options.enabled && options.mqtt
        ? mqtt.connect(options.mqtt.url, {
            clientId: `wattboard-simulator-${hostname()}-${randomBytes(4).toString('hex')}`,
            protocolVersion: 5,
            reconnectPeriod: 2000,
          })
        : undefined;
    publisher?.on('error', (err) => app.log.warn({ err }, 'simulator: MQTT publisher error'));
    const simulator = createSimulator({
      db: app.db,
      log: app.log,
      write,
      ...(publisher
        ? {
            liveWrite: createMqttReadingWriter({
              client: publisher,
              db: app.db,
              ...(options.mqtt?.topicPrefix ? { topicPrefix: options.mqtt.topicPrefix } : {}),
            }),
          }
        : {}),
      seed: options.seed ?? DEFAULT_SEED,
      factorySlug: options.factorySlug ?? 'demo',
      batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
    });
    let startup: Promise<RunResult | null> = Promise.resolve(null);
    app.decorate('simulator', { ...simulator, startup: () => startup });
    if (!options.enabled) return;

    const ticks = periodicTask({
      name: 'simulator: live tick',
      log: app.log,
      run: () => simulator.tick(new Date()),
      next: atEachMinute(TICK_DELAY_MS),
    });

    app.addHook('onListen', async () => {
      // Not awaited: the server answers at once while history is stored behind it.
      startup = simulator
        .start(new Date(), () => ticks.start(), options.backfillTiers)
        .then((result) => {
          // A backfill's garbage goes back to the system now, not when V8 next idles.
          if (result && result.readings > 10 * (options.batchSize ?? DEFAULT_BATCH_SIZE)) {
            releaseMemory();
          }
          return result;
        })
        .catch((err: unknown) => {
          app.log.error({ err }, 'simulator: start-up failed; live readings continue');
          ticks.start();
          return null;
        });
    });
    app.addHook('preClose', () => ticks.stop());
    app.addHook('onClose', async () => {
      // A tick waiting for an unreachable broker must not hold the shutdown.
      await Promise.race([
        simulator.stop(),
        new Promise((resolve) => setTimeout(resolve, 5000).unref()),
      ]);
      await publisher?.endAsync(!publisher.connected);
    });
  },
  { name: 'simulator', dependencies: ['db', 'ingest'] },
);
