import fp from 'fastify-plugin';
import type { Config } from '../../platform/config.ts';
import { scryptParams } from '../auth/index.ts';
import { ensureDefaultTariffs } from '../cost/index.ts';
import { seedDemo } from './repo/seed.ts';

/**
 * The demo factory on first start, and the shipped default tariff for every
 * factory that has none (both idempotent, so every start runs them).
 */
export const demoSeedPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const seed = await seedDemo(app.db, scryptParams(config.scryptCost));
    if (seed.seeded) {
      app.log.info(
        { factoryId: seed.factoryId, gatewayIngestKey: seed.gatewayKey },
        'seeded the demo factory (first start); the gateway ingest key is shown only now',
      );
    }
    const tariffs = await ensureDefaultTariffs(app.db);
    if (tariffs > 0) app.log.info({ factories: tariffs }, 'gave the default tariff');
  },
  { name: 'demo-seed', dependencies: ['db'] },
);
