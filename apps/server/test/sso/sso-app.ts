import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Backend } from '../helpers/backends.ts';
import { postJson, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { startIdentityProvider, type IdentityProvider } from './identity-provider.ts';

export const APP_URL = 'http://wattboard.test';
export const CALLBACK = `${APP_URL}/v1/Sso/Callback`;
export const LOGIN = `${APP_URL}/dashboard/login`;

export interface SsoFixture {
  t: TestApp;
  idp: IdentityProvider;
  zetaFactory: number;
  close(): Promise<void>;
}

/**
 * The app with single sign-on for the demo factory and a second factory
 * (zeta), each a client of its own at one real provider. Demo maps groups
 * and refuses strangers; zeta creates people as viewers.
 */
export async function startSsoFixture(backend: Backend): Promise<SsoFixture> {
  const demo = { clientId: 'wattboard-demo', clientSecret: 'demo-secret-0123456789' };
  const zeta = { clientId: 'wattboard-zeta', clientSecret: 'zeta-secret-0123456789' };
  const idp = await startIdentityProvider([demo, zeta], CALLBACK, LOGIN);
  process.env.SSO_TEST_DEMO_SECRET = demo.clientSecret;
  process.env.SSO_TEST_ZETA_SECRET = zeta.clientSecret;
  const dir = await mkdtemp(path.join(tmpdir(), 'wattboard-sso-'));
  const file = path.join(dir, 'oidc.json');
  const factories = {
    demo: {
      issuer: idp.issuer,
      clientId: demo.clientId,
      clientSecretEnv: 'SSO_TEST_DEMO_SECRET',
      groupRoles: { 'energy-managers': 'manager', 'shift-operators': 'operator' },
      emailDomains: ['wattboard.local'],
    },
    zeta: {
      issuer: idp.issuer,
      clientId: zeta.clientId,
      clientSecretEnv: 'SSO_TEST_ZETA_SECRET',
      defaultRole: 'viewer',
      createUsers: true,
    },
  };
  await writeFile(file, JSON.stringify({ factories }));
  const t = await startTestApp(backend, { PUBLIC_URL: APP_URL, OIDC_CONFIG_FILE: file });
  const rows = await t.testDb.db.query<{ id: number }>(
    `INSERT INTO factories (slug, name, name_zh) VALUES ('zeta', 'Zeta Works', '澤塔廠') RETURNING id`,
  );
  return {
    t,
    idp,
    zetaFactory: rows[0]?.id ?? 0,
    close: async () => {
      await t.close();
      await idp.close();
    },
  };
}

/** Presses "Sign in with single sign-on": the provider's address and the browser's state cookie. */
export async function startSignIn(app: FastifyInstance, factory: string) {
  const response = await app.inject({ method: 'GET', url: `/v1/Sso/Start?factory=${factory}` });
  expect(response.statusCode, response.body).toBe(302);
  const setCookie = String(response.headers['set-cookie']);
  // Only the callback gets it, never a script, and no other site's request carries it.
  expect(setCookie).toMatch(/; Path=\/v1\/Sso\/Callback; HttpOnly; SameSite=Lax; Max-Age=600/);
  return { authUrl: String(response.headers.location), cookie: setCookie.split(';')[0] ?? '' };
}

/** The browser arriving back at the callback. */
export function callback(app: FastifyInstance, url: URL, cookie: string) {
  return app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { cookie } });
}

/** The session the callback hands the login page in its redirect's fragment. */
export function sessionOf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(302);
  const location = new URL(String(response.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(LOGIN);
  return Object.fromEntries(new URLSearchParams(location.hash.slice(1))) as Record<string, string>;
}

export function account(app: FastifyInstance, session: { email: string; token: string }) {
  return postJson(
    app,
    '/v1/User/Account',
    { email: session.email, action: '/v1/User/Account', token: '' },
    { authorization: `Bearer ${session.token}` },
  );
}
