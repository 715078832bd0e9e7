import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../../src/platform/db/db.ts';
import { dbPlugin } from '../../src/platform/db/plugin.ts';
import { demoSeedPlugin } from '../../src/modules/demo/index.ts';
import { readingsFeedPlugin } from '../../src/modules/ingest/readings-feed.ts';
import { metricsPlugin } from '../../src/platform/metrics/plugin.ts';
import { rollupWorkerPlugin } from '../../src/modules/rollups/plugin.ts';
import { ingestPlugin } from '../../src/modules/ingest/ingest-plugin.ts';
import {
  simulatorPlugin,
  type SimulatorPluginOptions,
} from '../../src/modules/simulator/plugin.ts';
import { openTestDb, type Backend, type TestDb } from '../helpers/backends.ts';
import { testConfig } from '../helpers/test-app.ts';

/** A server with just the database (migrated, demo factory seeded), the rollup worker and the simulator. */
export async function startSimApp(
  testDb: TestDb,
  options: SimulatorPluginOptions = { enabled: false },
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, pluginTimeout: 60_000 });
  await app.register(dbPlugin, { config: testConfig(), db: testDb.db });
  await app.register(demoSeedPlugin, { config: testConfig() });
  await app.register(rollupWorkerPlugin);
  await app.register(metricsPlugin);
  await app.register(readingsFeedPlugin);
  await app.register(ingestPlugin);
  await app.register(simulatorPlugin, options);
  await app.ready();
  return app;
}

/** A fresh database, migrated and seeded with the demo factory. */
export async function openSimDb(backend: Backend): Promise<TestDb> {
  const testDb = await openTestDb(backend);
  const app = await startSimApp(testDb);
  await app.close();
  return testDb;
}

export async function count(app: FastifyInstance, sql: string, params: unknown[] = []) {
  const rows = await app.db.query<{ n: number }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

/** Empties readings and everything derived from them; the factory and its nodes stay. */
export async function clearMeterData(db: Db): Promise<void> {
  await db.exec('TRUNCATE readings, rollups_15m, rollups_1h, rollups_1d, latest_readings');
}
