import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import {
  ADMIN,
  DEMO,
  postJson,
  signInAs,
  startTestApp,
  testConfig,
  type TestApp,
} from '../helpers/test-app.ts';

const CSP = 'content-security-policy';
const UPGRADE = 'upgrade-insecure-requests';

/** The CSP the app sends for GET /healthz with these headers. */
async function cspOf(app: FastifyInstance, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: '/healthz', headers });
  return String(response.headers[CSP]);
}

describe.each(backends)('CSP upgrade-insecure-requests behind a proxy on %s', (backend) => {
  // Started in beforeAll: opening PGlite can take longer than one test's time on a busy machine.
  let listed: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    listed = await startTestApp(backend, { SIMULATOR: 'off', TRUST_PROXY: '127.0.0.1' });
    other = await startTestApp(backend, { SIMULATOR: 'off', TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(async () => {
    await listed?.close();
    await other?.close();
  });

  it('is sent when a trusted proxy (inject comes from 127.0.0.1) says it was TLS', async () => {
    expect(await cspOf(listed.app, { 'x-forwarded-proto': 'https' })).toContain(UPGRADE);
    expect(await cspOf(listed.app, { 'x-forwarded-proto': 'http' })).not.toContain(UPGRADE);
    expect(await cspOf(listed.app)).not.toContain(UPGRADE);
  });

  it('is not sent when the header comes from an address that is not a listed proxy', async () => {
    expect(await cspOf(other.app, { 'x-forwarded-proto': 'https' })).not.toContain(UPGRADE);
  });
});

describe.each(backends)('a default app (no DEV_TOOLS) on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { SIMULATOR: 'off' });
  });
  afterAll(() => t.close());

  it('sends no upgrade-insecure-requests over plain http, so a LAN address can load the page', async () => {
    const csp = await cspOf(t.app);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain(UPGRADE);
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY: anyone can send that header', async () => {
    expect(await cspOf(t.app, { 'x-forwarded-proto': 'https' })).not.toContain(UPGRADE);
  });

  it('has no test alarm and no test e-mail call', async () => {
    const { token } = await signInAs(t.app, DEMO);
    const bearer = { authorization: `Bearer ${token}` };
    expect((await postJson(t.app, '/api/test/alarm', {}, bearer)).statusCode).toBe(404);
    expect((await postJson(t.app, '/API/v1/TestEmail/send-test', {}, bearer)).statusCode).toBe(404);
    expect(await t.testDb.db.query("SELECT id FROM events WHERE kind = 'test'")).toEqual([]);
  });

  it('lets only the Admin user create announcements', async () => {
    const create = '/v1/Web/Announcement/Create';
    const fields = {
      action: create,
      title: 'Notice',
      content: 'Inspection',
      isImportant: false,
      dtStart: '2026-01-01T00:00:00Z',
      dtEnd: '2026-01-08T00:00:00Z',
    };
    const demo = await signInAs(t.app, DEMO);
    const refused = await postJson(t.app, create, {
      ...fields,
      email: DEMO.email,
      token: demo.token,
    });
    expect(refused.statusCode).toBe(403);
    const admin = await signInAs(t.app, ADMIN);
    const made = await postJson(t.app, create, {
      ...fields,
      email: ADMIN.email,
      token: admin.token,
    });
    expect(made.statusCode).toBe(200);
    expect(await t.testDb.db.query('SELECT title FROM announcements')).toHaveLength(1);
  });
});

describe.each(backends)('request logs on %s', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    testDb = await openTestDb(backend);
    app = await buildApp(testConfig({ LOG_LEVEL: 'info', SIMULATOR: 'off' }), {
      db: testDb.db,
      logStream: { write: (line) => lines.push(line) },
    });
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
  });

  it('never contain a token from the query or from a header', async () => {
    lines.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/notificationHub/negotiate?negotiateVersion=1&access_token=query-secret-123',
      headers: {
        authorization: 'Bearer header-secret-456',
        cookie: 'session=cookie-secret-789',
      },
    });
    expect(response.statusCode).toBe(401);
    const log = lines.join('');
    // The request was logged (so the test can fail), with the call still recognisable.
    expect(log).toContain('/notificationHub/negotiate?negotiateVersion=1&access_token=[redacted]');
    for (const secret of ['query-secret-123', 'header-secret-456', 'cookie-secret-789']) {
      expect(log).not.toContain(secret);
    }
  });

  it('redact headers when a whole request is logged', async () => {
    lines.length = 0;
    app.log.info(
      { req: { headers: { authorization: 'Bearer header-secret-456', host: 'x' } } },
      'a line',
    );
    const log = lines.join('');
    expect(log).toContain('a line');
    expect(log).not.toContain('header-secret-456');
  });
});
