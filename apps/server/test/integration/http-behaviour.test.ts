import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { addGateway } from '../ingest/ingest-app.ts';
import {
  DEMO,
  expectNoStackTrace,
  postJson,
  signInAs,
  startTestApp,
  type TestApp,
} from '../helpers/test-app.ts';

const CHANNEL_LIST = '/v1/Web/Factory/Channel/List';
const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';

describe.each(backends)('HTTP behaviour on %s', (backend) => {
  let t: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'wattboard-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("wattboard");');
    await writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await startTestApp(backend, {
      WEB_DIST_DIR: distDir,
      CORS_ORIGINS: 'https://dash.example.com',
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('reports liveness and readiness as JSON', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('names a "__proto__" key instead of calling the body invalid JSON', async () => {
    const factory = await t.testDb.db.query<{ id: number }>('SELECT min(id) AS id FROM factories');
    await addGateway(t.testDb.db, factory[0]!.id, 'proto-test-gateway-key');
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/Ingest/Readings',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer proto-test-gateway-key',
      },
      payload: '{"readings":[{"serial":"M1","__proto__":{"isAdmin":true}}]}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: StatusCode.Fail,
      message:
        'The request body has a key named "__proto__" (in readings[0]), which is not allowed.',
    });
    // The ingest route's own larger body limit still holds under the server's JSON parser.
    const big = await t.app.inject({
      method: 'POST',
      url: '/v1/Ingest/Readings',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer proto-test-gateway-key',
      },
      payload: JSON.stringify({ readings: [], pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(400);
    const empty = await t.app.inject({
      method: 'POST',
      url: CHANNEL_LIST,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.json().message).toBe('The request body is empty; send a JSON object.');
  });

  it('answers invalid JSON with 400 and a clear message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: CHANNEL_LIST,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "demo@wattboard.local", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: StatusCode.Fail,
      message: 'The request body is not valid JSON.',
    });
    expectNoStackTrace(response.body);
  });

  it('answers a body that is not an object with 400 naming the body', async () => {
    const response = await postJson(t.app, '/User/SignIn', ['not', 'an', 'object']);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^body: /);
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await postJson(t.app, '/User/SignIn', {
      email: DEMO.email,
      password: 'x'.repeat(1_100_000),
      action: '/User/SignIn',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      statusCode: StatusCode.Fail,
      message: 'The request body is too large.',
    });
  });

  it('refuses a non-JSON content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/User/SignIn',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>demo</email>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().statusCode).toBe(StatusCode.Fail);
  });

  it('answers an unknown route with a JSON 404', async () => {
    for (const request of [
      { method: 'POST' as const, url: '/v1/Web/Nope' },
      { method: 'GET' as const, url: '/no-such-page' },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toMatchObject({
        statusCode: StatusCode.Fail,
        message: `Not found: ${request.method} ${request.url}`,
      });
    }
  });

  it('turns a real server fault into a 500 with a request id and no internals', async () => {
    const { token } = await signInAs(t.app);
    // The channel list reads the active_nodes view (a view follows its table through a rename).
    await t.testDb.db.query('ALTER VIEW active_nodes RENAME TO active_nodes_away');
    try {
      const response = await postJson(t.app, CHANNEL_LIST, {
        email: DEMO.email,
        action: CHANNEL_LIST,
        token,
        factoryId: 0,
      });
      expect(response.statusCode).toBe(500);
      const body = response.json();
      expect(body).toMatchObject({ statusCode: StatusCode.Fail, message: 'Internal server error' });
      expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.body).not.toMatch(/nodes|relation|sql/i);
      expectNoStackTrace(response.body);
    } finally {
      await t.testDb.db.query('ALTER VIEW active_nodes_away RENAME TO active_nodes');
    }
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('allows CORS only for the configured origins', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/User/SignIn',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const allowed = await preflight('https://dash.example.com');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://dash.example.com');
    const denied = await preflight('https://evil.example.com');
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves index.html for / and every /dashboard path, never cached', async () => {
    for (const url of [
      '/',
      '/dashboard',
      '/dashboard/login',
      '/dashboard/monitoring-point?deviceId=3&is_dev=1',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    }
  });

  it('serves hashed assets with a long immutable cache, other files revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("wattboard");');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('publishes an OpenAPI document with the contract calls at /docs/json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/User/SignIn', '/User/SignOut', CHANNEL_LIST]));
  });
});
