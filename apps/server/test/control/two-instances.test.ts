import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { openPostgresDb } from '../../src/platform/db/postgres.ts';
import { openTestDb, type TestDb } from '../helpers/backends.ts';
import { testConfig } from '../helpers/test-app.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
// Tuesday 2026-11-17, 23:07 in Asia/Taipei: the shift lighting and office timers are off.
const AT = Date.parse('2026-11-17T15:07:00Z');
const MINUTE = 60_000;

/**
 * Two server instances on one PostgreSQL database (each with its own pool), as
 * when the product is scaled out: exactly one scheduler acts per factory.
 */
describe.skipIf(!postgresUrl)('two instances, one scheduler (PostgreSQL)', () => {
  let testDb: TestDb;
  let secondDb: Db;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    testDb = await openTestDb('postgres');
    const rows = await testDb.db.query<{ schema: string }>('SELECT current_schema() AS schema');
    const schema = rows[0]!.schema;
    secondDb = await openPostgresDb(postgresUrl!, { schema, max: 4 });
    [a, b] = await Promise.all([
      buildApp(testConfig(), { db: testDb.db, logger: false }),
      buildApp(testConfig(), { db: secondDb, logger: false }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await secondDb?.close();
    await testDb?.dispose();
  });

  const commandCount = async () =>
    Number((await testDb.db.query<{ n: string }>('SELECT count(*) AS n FROM commands'))[0]!.n);

  it('lets only one instance act when both tick at the same minute', async () => {
    const [runsA, runsB] = await Promise.all([
      a.control.scheduler.tick(AT),
      b.control.scheduler.tick(AT),
    ]);
    const held = [...runsA, ...runsB].filter((run) => run.held);
    expect(held).toHaveLength(1);
    const sent = held[0]!.commands.length;
    expect(sent).toBeGreaterThan(0); // the workshop lights and office AC go off for the night
    expect(await commandCount()).toBe(sent);
    // Every later minute stays with the holder; the other does nothing.
    const holder = runsA[0]!.held ? a : b;
    const other = holder === a ? b : a;
    const [otherRun] = await other.control.scheduler.tick(AT + MINUTE);
    expect(otherRun!.held).toBe(false);
    const [holderRun] = await holder.control.scheduler.tick(AT + MINUTE);
    expect(holderRun!.held).toBe(true);
  });

  it('hands the factory over once the holder stops renewing its lease', async () => {
    const rows = await testDb.db.query<{ holder: string }>(
      'SELECT holder FROM control_scheduler_leases',
    );
    expect(rows).toHaveLength(1);
    const [runA] = await a.control.scheduler.tick(AT + 2 * MINUTE);
    const [runB] = await b.control.scheduler.tick(AT + 2 * MINUTE);
    expect([runA!.held, runB!.held].filter(Boolean)).toHaveLength(1);
    const holder = runA!.held ? a : b;
    const other = holder === a ? b : a;
    // The holder goes quiet: 89 s later the lease still holds, at 90 s it has expired.
    expect((await other.control.scheduler.tick(AT + 2 * MINUTE + 89_000))[0]!.held).toBe(false);
    expect((await other.control.scheduler.tick(AT + 2 * MINUTE + 90_000))[0]!.held).toBe(true);
    expect((await holder.control.scheduler.tick(AT + 2 * MINUTE + 100_000))[0]!.held).toBe(false);
  });
});
