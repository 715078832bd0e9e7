import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { hubPlugin, type HubPluginOptions } from '../../src/modules/hub/plugin.ts';
import { authPlugin } from '../../src/modules/auth/plugin.ts';
import { dbPlugin } from '../../src/platform/db/plugin.ts';
import { demoSeedPlugin } from '../../src/modules/demo/index.ts';
import { errorHandlerPlugin } from '../../src/platform/http/error-handler.ts';
import { readingsFeedPlugin } from '../../src/modules/ingest/readings-feed.ts';
import { metricsPlugin } from '../../src/platform/metrics/plugin.ts';
import { ingestPlugin } from '../../src/modules/ingest/ingest-plugin.ts';
import { ingestRoutes } from '../../src/modules/ingest/routes.ts';
import { userRoutes } from '../../src/modules/auth/routes.ts';
import { contractSerializerCompiler } from '../../src/platform/http/serializer.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { testConfig } from '../helpers/test-app.ts';

/**
 * What buildApp registers for the hub (error handler, db with the demo seed,
 * auth, sign-in, ingest, the readings feed), with hub options buildApp does not expose
 * (short keep-alive and timeouts, a Redis channel prefix).
 */
export async function buildHubApp(
  db: Db,
  hubOptions: Partial<HubPluginOptions> = {},
  /** More routes a test needs (e.g. the factory switch). */
  routes: readonly FastifyPluginAsync[] = [],
): Promise<FastifyInstance> {
  const config = testConfig({ SIMULATOR: 'off' });
  const app = Fastify({ logger: false, pluginTimeout: 60_000 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(dbPlugin, { config, db });
  await app.register(demoSeedPlugin, { config });
  await app.register(authPlugin);
  await app.register(metricsPlugin);
  await app.register(readingsFeedPlugin);
  await app.register(ingestPlugin);
  await app.register(hubPlugin, { devTools: false, ...hubOptions });
  await app.register(userRoutes, { config });
  await app.register(ingestRoutes);
  for (const plugin of routes) await app.register(plugin);
  await app.ready();
  return app;
}
