import fp from 'fastify-plugin';
import type { Config } from '../../platform/config.ts';
import { scryptParams } from '../auth/index.ts';
import {
  addContractRatesToDefault,
  ensureDefaultTariffs,
  upgradeModelDefaultTariffs,
} from '../cost/index.ts';
import { seedDemo } from './repo/seed.ts';

/**
 * The demo factory on first start, the shipped default tariff for every
 * factory that has none, and the current table for factories that still have
 * only the earlier model (all idempotent, so every start runs them).
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
    const upgraded = await upgradeModelDefaultTariffs(app.db);
    if (upgraded > 0) {
      app.log.info(
        { factories: upgraded },
        "added Taipower's 2025-10-01 table as a tariff version to factories with the earlier model",
      );
    }
    const withRates = await addContractRatesToDefault(app.db);
    if (withRates > 0) {
      app.log.info({ versions: withRates }, 'gave the default tariff its contract-type rates');
    }
  },
  { name: 'demo-seed', dependencies: ['db'] },
);
