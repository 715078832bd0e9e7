import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { MEMORY_DATA_DIR, parseConfig, type Config } from '../../src/platform/config.ts';
import { DEMO_USERS } from '../../src/modules/demo/demo-factory.ts';
import { openTestDb, type Backend, type TestDb } from './backends.ts';

export const DEMO = DEMO_USERS[0];
export const ADMIN = DEMO_USERS[1];

/** Test configuration: in-memory PGlite, cheap scrypt, no web client, quiet logs. */
export function testConfig(env: Record<string, string> = {}): Config {
  return parseConfig({
    DATA_DIR: MEMORY_DATA_DIR,
    SCRYPT_COST: '10',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent/wattboard-web-dist',
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  testDb: TestDb;
  close(): Promise<void>;
}

export async function startTestApp(
  backend: Backend,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const testDb = await openTestDb(backend);
  const app = await buildApp(testConfig(env), { db: testDb.db, logger: false });
  return {
    app,
    testDb,
    async close() {
      await app.close();
      await testDb.dispose();
    },
  };
}

export function postJson(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: payload as object, headers });
}

/** Signs in and returns the response body (token, dtTokenExpire, ...). */
export async function signInAs(
  app: FastifyInstance,
  account: { email: string; password: string } = DEMO,
  headers: Record<string, string> = {},
) {
  const response = await postJson(
    app,
    '/User/SignIn',
    { email: account.email, password: account.password, action: '/User/SignIn', token: '' },
    headers,
  );
  const body = response.json();
  if (body.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return body as { token: string; email: string; username: string; dtTokenExpire: string };
}

/** A response must never reveal internals to a client. */
export function expectNoStackTrace(body: string): void {
  if (/\bat .+\.(ts|js):\d+|node_modules|Error:/.test(body)) {
    throw new Error(`response leaks internals: ${body}`);
  }
}
