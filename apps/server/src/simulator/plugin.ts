import fp from 'fastify-plugin';
import type { Tier } from './plan.ts';
import {
  createSimulator,
  type ReadingWriter,
  type RunResult,
  type Simulator,
} from './simulator.ts';

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
 * The virtual factory (DESIGN §9). Once the server listens it backfills (first
 * start) or catches up (restart) in the background, then sends a reading per
 * node every minute through ingest. `app.simulator.tick(now)` runs one step
 * (tests use it; nothing runs by itself under `inject`).
 */
export const simulatorPlugin = fp<SimulatorPluginOptions>(
  async (app, options) => {
    const write: ReadingWriter =
      options.write ??
      ((factoryId, readings) => app.ingest(factoryId, readings, { path: 'simulator' }));
    const simulator = createSimulator({
      db: app.db,
      log: app.log,
      write,
      seed: options.seed ?? DEFAULT_SEED,
      factorySlug: options.factorySlug ?? 'demo',
      batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
    });
    let startup: Promise<RunResult | null> = Promise.resolve(null);
    app.decorate('simulator', { ...simulator, startup: () => startup });
    if (!options.enabled) return;

    let timer: NodeJS.Timeout | undefined;
    let closing = false;
    const scheduleTick = () => {
      if (closing) return;
      const wait = 60_000 - (Date.now() % 60_000) + TICK_DELAY_MS;
      timer = setTimeout(() => {
        simulator
          .tick(new Date())
          .catch((err: unknown) => app.log.error({ err }, 'simulator: live tick failed'))
          .finally(scheduleTick);
      }, wait);
    };

    app.addHook('onListen', async () => {
      // Not awaited: the server answers at once while history is stored behind it.
      startup = simulator
        .start(new Date(), scheduleTick, options.backfillTiers)
        .catch((err: unknown) => {
          app.log.error({ err }, 'simulator: start-up failed; live readings continue');
          if (!timer) scheduleTick();
          return null;
        });
    });
    app.addHook('preClose', async () => {
      closing = true;
      clearTimeout(timer);
    });
    app.addHook('onClose', async () => {
      await simulator.stop();
    });
  },
  { name: 'simulator', dependencies: ['db', 'ingest'] },
);
