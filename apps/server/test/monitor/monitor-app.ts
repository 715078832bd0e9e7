import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Db } from '../../src/platform/db/db.ts';
import { hashPassword, scryptParams } from '../../src/modules/auth/password.ts';
import { authPlugin } from '../../src/modules/auth/plugin.ts';
import { dbPlugin } from '../../src/platform/db/plugin.ts';
import { demoSeedPlugin } from '../../src/modules/demo/index.ts';
import { errorHandlerPlugin } from '../../src/platform/http/error-handler.ts';
import { monitorRoutes } from '../../src/modules/monitor/routes.ts';
import type { AnswerCache } from '../../src/modules/monitor/answer-cache.ts';
import { baselineRoutes } from '../../src/modules/baseline/index.ts';
import { userRoutes } from '../../src/modules/auth/routes.ts';
import { contractSerializerCompiler } from '../../src/platform/http/serializer.ts';
import { openTestDb, type Backend, type TestDb } from '../helpers/backends.ts';
import { testConfig } from '../helpers/test-app.ts';

export interface MonitorTestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/**
 * The server's real plugins (errors, database with migrations and seed, auth,
 * sign-in) plus the monitor routes with a fixed "now", so real-time demand and
 * "this month" are deterministic.
 */
export async function startMonitorApp(
  backend: Backend,
  now: Date | (() => Date),
  answers?: AnswerCache,
): Promise<MonitorTestApp> {
  const testDb: TestDb = await openTestDb(backend);
  const config = testConfig();
  const app = Fastify({ logger: false, pluginTimeout: 60_000 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(dbPlugin, { config, db: testDb.db });
  await app.register(demoSeedPlugin, { config });
  await app.register(authPlugin);
  await app.register(userRoutes, { config });
  const clock = typeof now === 'function' ? now : () => now;
  await app.register(monitorRoutes, { now: clock, ...(answers ? { answers } : {}) });
  await app.register(baselineRoutes);
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

export interface TestFactory {
  factoryId: number;
  email: string;
  password: string;
}

/** A factory with one user, in the given zone and CO2 factor. */
export async function createFactory(
  db: Db,
  slug: string,
  timeZone: string,
  co2Factor: number,
): Promise<TestFactory> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO factories (slug, name, name_zh, time_zone, co2_factor)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [slug, `Factory ${slug}`, `工廠 ${slug}`, timeZone, co2Factor],
  );
  const factoryId = rows[0]!.id;
  const email = `${slug}@monitor.example`;
  const password = `${slug}-password`;
  await db.query(
    'INSERT INTO users (factory_id, email, username, password_hash) VALUES ($1, $2, $3, $4)',
    [factoryId, email, slug, await hashPassword(password, scryptParams(10))],
  );
  return { factoryId, email, password };
}

export interface NodeSpec {
  parentId: number | null;
  type: 'smartMeter' | 'circuit' | 'virtual';
  name: string;
  chName: string;
  wiring?: string;
  serial?: string;
  hasReverseKwh?: boolean;
  sortOrder?: number;
}

export async function createNode(db: Db, factoryId: number, spec: NodeSpec): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO nodes (factory_id, parent_id, type, ch_name, name, wiring, serial, breaker_type,
                        frequency_hz, has_reverse_kwh, sort_order)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      factoryId,
      spec.parentId,
      spec.type,
      spec.chName,
      spec.name,
      spec.wiring ?? null,
      spec.serial ?? null,
      spec.type === 'virtual' ? null : 'NFB 3P 100A',
      spec.type === 'virtual' ? null : 60,
      spec.hasReverseKwh ?? false,
      spec.sortOrder ?? 0,
    ],
  );
  return rows[0]!.id;
}

export interface Session {
  email: string;
  token: string;
}

export async function signIn(app: FastifyInstance, factory: TestFactory): Promise<Session> {
  const response = await app.inject({
    method: 'POST',
    url: '/User/SignIn',
    payload: {
      email: factory.email,
      password: factory.password,
      action: '/User/SignIn',
      token: '',
    },
  });
  const body = response.json();
  if (body.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return { email: body.email, token: body.token };
}

/** Calls a monitor endpoint as the session's user. */
export function call(
  app: FastifyInstance,
  session: Session,
  path: string,
  fields: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: path,
    payload: { email: session.email, token: session.token, action: path, ...fields },
  });
}

export const MONITOR_DEVICE = '/v1/Web/Monitor/Device';
export const POWER_DETAIL = '/v1/Web/Monitor/Device/Power/Detail';
export const CONSUMPTION_QUERY = '/v1/Web/Monitor/Device/ConsumptionQuery';
