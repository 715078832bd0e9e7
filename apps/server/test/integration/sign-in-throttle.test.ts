import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StatusCode } from '@wattboard/contract';
import { buildApp } from '../../src/app.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { openPostgresDb } from '../../src/platform/db/postgres.ts';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { ADMIN, DEMO, testConfig } from '../helpers/test-app.ts';

const SIGN_IN = '/User/SignIn';
const config = testConfig({ SIMULATOR: 'off' });

function attempt(app: FastifyInstance, email: string, password: string, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: SIGN_IN,
    remoteAddress,
    payload: { email, password, action: SIGN_IN, token: '' },
  });
}

/** 1002 means the password was checked; 429 means it was not. */
function tally(responses: readonly LightMyRequestResponse[]) {
  return {
    checked: responses.filter((r) => r.json().statusCode === StatusCode.EMailOrPasswordError)
      .length,
    throttled: responses.filter((r) => r.statusCode === 429).length,
    signedIn: responses.filter((r) => r.json().statusCode === StatusCode.OK).length,
  };
}

const wrongTimes = (
  app: FastifyInstance,
  times: number,
  address: string,
  email: string = DEMO.email,
) =>
  Promise.all(
    Array.from({ length: times }, (_, i) => attempt(app, email, `wrong-password-${i}`, address)),
  );

afterEach(() => {
  vi.useRealTimers();
});

describe.each(backends)('sign-in throttle on %s', (backend) => {
  // One database and app per backend (a PGlite start is seconds on a busy machine); each test
  // uses its own account and addresses, and the restart test comes last.
  let testDb: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await openTestDb(backend);
    app = await buildApp(config, { db: testDb.db, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
  });

  it('checks at most five of thirty parallel wrong passwords for one account and address', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const answers = await wrongTimes(app, 30, '10.1.0.1', 'nobody@wattboard.local');
    expect(tally(answers)).toEqual({ checked: 5, throttled: 25, signedIn: 0 });
    for (const answer of answers.filter((r) => r.statusCode === 429)) {
      expect(answer.headers['retry-after']).toBe('2');
    }
  });

  it('signs the owner in from another address while a stranger hammers the account', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const [stranger, owner] = await Promise.all([
      wrongTimes(app, 30, '10.1.0.2'),
      attempt(app, DEMO.email, DEMO.password, '10.1.0.3'),
    ]);
    expect(tally(stranger)).toMatchObject({ checked: 5, throttled: 25 });
    expect(owner.json().statusCode).toBe(StatusCode.OK);
    // Still hammered afterwards: the owner signs in again, from yet another address.
    await wrongTimes(app, 10, '10.1.0.2');
    expect((await attempt(app, DEMO.email, DEMO.password, '10.1.0.4')).statusCode).toBe(200);
  });

  it('keeps the counters across a restart on the same database', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect(tally(await wrongTimes(app, 5, '10.1.0.5', ADMIN.email)).checked).toBe(5);
    await app.close();
    app = await buildApp(config, { db: testDb.db, logger: false });
    const after = await attempt(app, ADMIN.email, ADMIN.password, '10.1.0.5');
    expect(after.statusCode).toBe(429);
  }, 60_000);
});

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('sign-in throttle across two instances on one PostgreSQL', () => {
  const schema = `wattboard_test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  const dbs: Db[] = [];
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  it('shares the counters: thirty parallel attempts split over A and B check only five', async () => {
    await admin(`CREATE SCHEMA ${schema}`);
    const startInstance = async () => {
      const db = await openPostgresDb(databaseUrl!, { schema, max: 4 });
      dbs.push(db);
      const app = await buildApp(config, { db, logger: false });
      apps.push(app);
      return app;
    };
    const [a, b] = await Promise.all([startInstance(), startInstance()]);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const answers = (
      await Promise.all([wrongTimes(a, 15, '10.2.0.1'), wrongTimes(b, 15, '10.2.0.1')])
    ).flat();
    expect(tally(answers)).toEqual({ checked: 5, throttled: 25, signedIn: 0 });
    // What A counted, B refuses, and the owner elsewhere still gets in on either.
    expect((await attempt(b, DEMO.email, DEMO.password, '10.2.0.1')).statusCode).toBe(429);
    expect((await attempt(a, DEMO.email, DEMO.password, '10.2.0.2')).statusCode).toBe(200);
  }, 60_000);
});
