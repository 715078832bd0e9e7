import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { openDb } from './open.ts';
import { migrate } from './migrate.ts';
import { seedDemo } from '../../modules/demo/seed.ts';
import { ensureDefaultTariffs } from '../../modules/cost/repo/tariff-store.ts';
import { scryptParams } from '../../modules/auth/password.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export interface DbPluginOptions {
  config: Config;
  /** A database opened by the caller (tests); the app then leaves closing it to them. */
  db?: Db;
}

/** Opens the database, applies migrations and seeds the demo factory on first start. */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, { config, db: given }) => {
    const db = given ?? (await openDb(config));
    if (!given) app.addHook('onClose', () => db.close());
    app.decorate('db', db);

    const applied = await migrate(db);
    if (applied.length > 0) app.log.info({ versions: applied }, 'database migrations applied');

    const seed = await seedDemo(db, scryptParams(config.scryptCost));
    if (seed.seeded) {
      app.log.info(
        { factoryId: seed.factoryId, gatewayIngestKey: seed.gatewayKey },
        'seeded the demo factory (first start); the gateway ingest key is shown only now',
      );
    }
    // Issue #15: every factory without a tariff gets the shipped default (idempotent).
    const tariffs = await ensureDefaultTariffs(db);
    if (tariffs > 0) app.log.info({ factories: tariffs }, 'gave the default tariff');
  },
  { name: 'db' },
);
