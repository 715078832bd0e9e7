import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { ZoneClock } from '@wattboard/zone-time';
import type { Db } from '../../src/platform/db/db.ts';
import { authPlugin } from '../../src/modules/auth/plugin.ts';
import { userRoutes } from '../../src/modules/auth/routes.ts';
import { demoSeedPlugin } from '../../src/modules/demo/index.ts';
import { ingestPlugin } from '../../src/modules/ingest/ingest-plugin.ts';
import { readingsFeedPlugin } from '../../src/modules/ingest/readings-feed.ts';
import { ingestRoutes } from '../../src/modules/ingest/routes.ts';
import { reportRoutes } from '../../src/modules/report/routes.ts';
import { dbPlugin } from '../../src/platform/db/plugin.ts';
import { errorHandlerPlugin } from '../../src/platform/http/error-handler.ts';
import { metricsPlugin } from '../../src/platform/metrics/plugin.ts';
import { contractSerializerCompiler } from '../../src/platform/http/serializer.ts';
import { openTestDb, type Backend } from '../helpers/backends.ts';
import { testConfig } from '../helpers/test-app.ts';
import { addGateway } from '../ingest/ingest-app.ts';
import { createFactory, createNode, type TestFactory } from '../monitor/monitor-app.ts';

/**
 * Issue #24, the lagging kvarh counter end to end: gateways post it over the
 * ingest call, and the Report reads it back. A factory in Asia/Taipei:
 *
 *   Plant (virtual) ─┬─ Line K (virtual) ── Meter K   kvarh all day
 *                    ├─ Meter N                       no kvarh counter
 *                    └─ Meter L                       kvarh from 12:00 only
 *
 * Every meter reads every 15 minutes over one whole local day, three days ago
 * (the ingest clock refuses the future): kWh +1 a quarter; K's and L's kvarh
 * +0.5 a quarter (power factor 1/√1.25 = 0.894).
 */
export const ZONE = 'Asia/Taipei';
export const GATEWAY_KEY = 'kvarh-gateway-key-0123456789abcdef';
const QUARTER = 15 * 60_000;
const clock = new ZoneClock(ZONE);

export interface KvarhPlant extends TestFactory {
  plant: number;
  lineK: number;
  meterK: number;
  meterN: number;
  meterL: number;
  /** The local day of the readings (yyyy-mm-dd) and its bounds (epoch ms). */
  day: string;
  from: number;
  to: number;
}

/** The server's real plugins: ingest (HTTP) and the Report, on one database. */
export async function startKvarhApp(backend: Backend) {
  const testDb = await openTestDb(backend);
  const config = testConfig();
  const app: FastifyInstance = Fastify({ logger: false, pluginTimeout: 60_000 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(dbPlugin, { config, db: testDb.db });
  await app.register(demoSeedPlugin, { config });
  await app.register(authPlugin);
  await app.register(userRoutes, { config });
  await app.register(metricsPlugin);
  await app.register(readingsFeedPlugin);
  await app.register(ingestPlugin);
  await app.register(ingestRoutes);
  await app.register(reportRoutes);
  await app.ready();
  return {
    app,
    db: testDb.db,
    async close() {
      await app.close();
      await testDb.dispose();
    },
  };
}

export async function seedKvarhPlant(db: Db): Promise<KvarhPlant> {
  const factory = await createFactory(db, 'kvarh', ZONE, 0.5);
  const node = (spec: Parameters<typeof createNode>[2]) => createNode(db, factory.factoryId, spec);
  const plant = await node({ parentId: null, type: 'virtual', name: 'Plant', chName: '全廠' });
  const lineK = await node({ parentId: plant, type: 'virtual', name: 'Line K', chName: 'K 線' });
  const meter = (parentId: number, name: string, sortOrder: number) =>
    node({
      parentId,
      type: 'smartMeter',
      name: `Meter ${name}`,
      chName: `電表 ${name}`,
      wiring: 'a,b,c',
      serial: `kv-${name}`,
      sortOrder,
    });
  const meterK = await meter(lineK, 'K', 1);
  const meterN = await meter(plant, 'N', 2);
  const meterL = await meter(plant, 'L', 3);
  await addGateway(db, factory.factoryId, GATEWAY_KEY);
  const day = clock.localParts(Date.now() - 3 * 24 * 3_600_000).date;
  const from = clock.startOfDay(day);
  return { ...factory, plant, lineK, meterK, meterN, meterL, day, from, to: from + 96 * QUARTER };
}

const phase = { voltage: 220, current: 10, kw: 2, pf: 0.894 };

/** The day's wire readings (97: both midnights) of the three meters, as a gateway sends them. */
export function wireReadings(plant: KvarhPlant): Record<string, unknown>[] {
  const readings: Record<string, unknown>[] = [];
  for (let step = 0; step <= 96; step += 1) {
    const ts = new Date(plant.from + step * QUARTER).toISOString();
    const base = { ts, phases: { a: phase, b: phase, c: phase }, kw: 6, kwhForward: 1000 + step };
    // A numeric string, as some gateways send: the wire's numbers rule reads it.
    readings.push({ ...base, serial: 'kv-K', kvarhLagging: String(500 + step * 0.5) });
    readings.push({ ...base, serial: 'kv-N' });
    readings.push({
      ...base,
      serial: 'kv-L',
      ...(step >= 48 ? { kvarhLagging: 200 + (step - 48) * 0.5 } : {}),
    });
  }
  return readings;
}
