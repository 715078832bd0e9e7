import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportExportLinkResponse } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { DEMO, postJson, signInAs, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { registeredRoutes, routeKey } from '../security/route-inventory.ts';

/** The built client's files: they choose their own caching (static-client.ts). */
const CLIENT_FILES = new Set([
  'GET /',
  'GET /dashboard',
  'GET /dashboard/*',
  'GET /assets/*',
  'GET /*',
]);
const EXPORT_FIELDS = {
  dtStart: '2026-11-20',
  dtEnd: '2026-11-20',
  format: 'csv',
  lang: 'en',
};

/** A concrete URL for a route pattern (`:id` → 1, `*` → x). */
const concrete = (url: string) => url.replace(/:[^/]+/g, '1').replace(/\*/g, 'x');

describe.each(backends)('Cache-Control on %s', (backend) => {
  let t: TestApp;
  let distDir: string;
  let token: string;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'wattboard-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1);');
    t = await startTestApp(backend, { WEB_DIST_DIR: distDir });
    token = (await signInAs(t.app)).token;
  });
  afterAll(async () => {
    await t.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('answers every API route no-store, whatever the outcome (walks the route table)', async () => {
    const routes = registeredRoutes(t.app).filter(
      (route) => route.method !== 'OPTIONS' && !CLIENT_FILES.has(routeKey(route)),
    );
    // Signing out ends the session the other calls use: it goes last.
    routes.sort((a, b) => Number(a.url === '/User/SignOut') - Number(b.url === '/User/SignOut'));
    expect(routes.length).toBeGreaterThan(50);
    const cached: string[] = [];
    for (const route of routes) {
      const url = concrete(route.url);
      const action = url.split('?')[0];
      const response = await t.app.inject({
        method: route.method as 'GET' | 'POST' | 'PUT',
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(route.method === 'GET' ? {} : { payload: { email: DEMO.email, action, token } }),
      });
      if (response.headers['cache-control'] !== 'no-store') {
        cached.push(
          `${routeKey(route)} → ${response.statusCode} ${response.headers['cache-control']}`,
        );
      }
    }
    expect(cached).toEqual([]);
  });

  it('covers the sign-in answer, data calls, export links, downloads and unknown paths', async () => {
    const signIn = await postJson(t.app, '/User/SignIn', {
      email: DEMO.email,
      password: DEMO.password,
      action: '/User/SignIn',
      token: '',
    });
    expect(signIn.json().token).toBeTruthy();
    expect(signIn.headers['cache-control']).toBe('no-store');
    const bearer = { authorization: `Bearer ${signIn.json().token as string}` };
    const list = await postJson(
      t.app,
      '/v1/Web/Factory/Channel/List',
      { email: DEMO.email, action: '/v1/Web/Factory/Channel/List', factoryId: 0 },
      bearer,
    );
    expect(list.json().statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const meters = await t.testDb.db.query<{ id: number }>(
      `SELECT n.id FROM nodes n JOIN users u ON u.factory_id = n.factory_id
       WHERE u.email = $1 AND n.type = 'smartMeter' ORDER BY n.id LIMIT 1`,
      [DEMO.email],
    );
    const meter = meters[0]!.id;
    const linkPath = '/v1/Web/Factory/Channel/Report/ExportLink';
    const linkAnswer = await postJson(
      t.app,
      linkPath,
      { email: DEMO.email, action: linkPath, ...EXPORT_FIELDS, smartmeterId: meter },
      bearer,
    );
    expect(linkAnswer.headers['cache-control']).toBe('no-store');
    const link = reportExportLinkResponse.parse(linkAnswer.json());
    const download = await t.app.inject({ method: 'GET', url: link.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toBe('no-store');
    const unknown = await t.app.inject({ method: 'POST', url: '/v1/Nothing/Here', payload: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it("leaves the built client's own caching alone", async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    const page = await t.app.inject({ method: 'GET', url: '/dashboard/overview' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
