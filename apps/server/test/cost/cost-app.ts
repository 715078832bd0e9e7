import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Db } from '../../src/platform/db/db.ts';
import { factoryRoot } from '../../src/modules/factory/node-tree.ts';
import { authPlugin } from '../../src/modules/auth/plugin.ts';
import { dbPlugin } from '../../src/platform/db/plugin.ts';
import { demoSeedPlugin } from '../../src/modules/demo/index.ts';
import { errorHandlerPlugin } from '../../src/platform/http/error-handler.ts';
import { activeTreeNodes } from '../../src/modules/factory/index.ts';
import { adminTariffRoutes } from '../../src/modules/cost/admin-routes.ts';
import { adminBillingPointRoutes } from '../../src/modules/billing/admin-routes.ts';
import { adminAdviceRoutes } from '../../src/modules/cost/admin-advice-routes.ts';
import { adminBillRoutes } from '../../src/modules/cost/admin-bill-routes.ts';
import { costRoutes } from '../../src/modules/cost/routes.ts';
import { monitorRoutes } from '../../src/modules/monitor/routes.ts';
import { userRoutes } from '../../src/modules/auth/routes.ts';
import { contractSerializerCompiler } from '../../src/platform/http/serializer.ts';
import { openTestDb, type Backend } from '../helpers/backends.ts';
import { testConfig } from '../helpers/test-app.ts';

export const SUMMARY = '/v1/Web/Cost/Summary';
export const NODE_COST = '/v1/Web/Cost/Node';
export const TARIFF_GET = '/v1/Admin/Tariff/Get';
export const TARIFF_UPDATE = '/v1/Admin/Tariff/Update';

export interface CostTestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/**
 * The real plugins (errors, database with migrations, the demo seed and the
 * default tariffs, auth, sign-in) with the cost and tariff routes at one
 * fixed "now". No rollup worker or simulator: the tests write the rollups.
 */
export async function startCostApp(backend: Backend, now: Date): Promise<CostTestApp> {
  const testDb = await openTestDb(backend);
  const config = testConfig();
  const app = Fastify({ logger: false, pluginTimeout: 60_000 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(dbPlugin, { config, db: testDb.db });
  await app.register(demoSeedPlugin, { config });
  await app.register(authPlugin);
  await app.register(userRoutes, { config });
  await app.register(costRoutes, { now: () => now });
  await app.register(monitorRoutes, { now: () => now });
  await app.register(adminTariffRoutes, { now: () => now });
  await app.register(adminBillingPointRoutes, { now: () => now });
  await app.register(adminAdviceRoutes, { now: () => now });
  await app.register(adminBillRoutes, { now: () => now });
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

/** The demo factory's id and root node. */
export async function demoRoot(db: Db): Promise<{ factoryId: number; rootId: number }> {
  const rows = await db.query<{ id: number }>("SELECT id FROM factories WHERE slug = 'demo'");
  const factoryId = rows[0]!.id;
  return { factoryId, rootId: factoryRoot(await activeTreeNodes(db, factoryId))!.id };
}

/** 15-minute rollups of a node: `kwh` forward per bucket and `kw` demand, from..to (exclusive). */
export async function writeQuarters(
  db: Db,
  factoryId: number,
  nodeId: number,
  from: number,
  to: number,
  figures: (start: number) => { kwh: number; kw: number; reverse?: number },
): Promise<void> {
  const starts: string[] = [];
  const kwh: number[] = [];
  const reverse: number[] = [];
  const kw: number[] = [];
  for (let t = from; t < to; t += 900_000) {
    const f = figures(t);
    starts.push(new Date(t).toISOString());
    kwh.push(f.kwh);
    reverse.push(f.reverse ?? 0);
    kw.push(f.kw);
  }
  await db.query(
    `INSERT INTO rollups_15m (factory_id, node_id, bucket_start, kwh_forward, kwh_reverse, avg_kw, samples)
     SELECT $1, $2, s, f, r, k, 15
       FROM unnest($3::timestamptz[], $4::float8[], $5::float8[], $6::float8[]) AS u (s, f, r, k)`,
    [factoryId, nodeId, starts, kwh, reverse, kw],
  );
}
