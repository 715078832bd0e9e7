import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { authPlugin } from '../../src/modules/auth/plugin.ts';
import { dbPlugin } from '../../src/platform/db/plugin.ts';
import { demoSeedPlugin } from '../../src/modules/demo/index.ts';
import { errorHandlerPlugin } from '../../src/platform/http/error-handler.ts';
import { monitorRoutes } from '../../src/modules/monitor/routes.ts';
import { overviewRoutes } from '../../src/modules/overview/routes.ts';
import { userRoutes } from '../../src/modules/auth/routes.ts';
import { contractSerializerCompiler } from '../../src/platform/http/serializer.ts';
import { openTestDb, type Backend } from '../helpers/backends.ts';
import { testConfig } from '../helpers/test-app.ts';
import type { MonitorTestApp } from '../monitor/monitor-app.ts';

export const OVERVIEW = '/v1/Web/Overview';
export const CONSUME_RATIO = '/v1/Web/Overview/ConsumeRatio';
export const POWER_CHART = '/v1/Web/Overview/PowerChart';

/**
 * The server's real plugins (errors, database with migrations and seed, auth,
 * sign-in) with the monitor and overview routes at one fixed "now", so the
 * two can be reconciled figure by figure (a function moves "now" between tests).
 */
export async function startOverviewApp(
  backend: Backend,
  now: Date | (() => Date),
): Promise<MonitorTestApp> {
  const clock = typeof now === 'function' ? now : () => now;
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
  await app.register(monitorRoutes, { now: clock });
  await app.register(overviewRoutes, { now: clock });
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
