// Found by the soak test (#16): restarting PostgreSQL killed every instance.
// The server ends each connection (57P01, as a restart or pg_terminate_backend
// does); node-postgres reported it as an 'error' event nobody listened to.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db/db.ts';
import { openPostgresDb } from '../../src/platform/db/postgres.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const APP_NAME = `wattboard-restart-test-${process.pid}`;

/** Ends every connection of the pool under test, as a database restart does. */
async function terminateOurConnections(): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1`,
      [APP_NAME],
    );
    return rows.length;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!databaseUrl)('the PostgreSQL pool when the server drops its connections', () => {
  let db: Db;
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', record);
    const url = new URL(databaseUrl!);
    url.searchParams.set('application_name', APP_NAME);
    db = await openPostgresDb(url.toString(), { max: 3 });
  });
  afterAll(async () => {
    process.off('uncaughtException', record);
    await db?.close();
  });

  it('survives losing its idle connections and answers the next query on a new one', async () => {
    await Promise.all([1, 2, 3].map(() => db.query('SELECT pg_sleep(0.05)')));
    expect(await terminateOurConnections()).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect
      .poll(() => db.query<{ one: number }>('SELECT 1 AS one').catch(() => null), {
        timeout: 10_000,
      })
      .toEqual([{ one: 1 }]);
    expect(uncaught).toEqual([]);
  });

  it('survives losing a connection in the middle of a transaction, and does not pool it again', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        await terminateOurConnections();
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.query('SELECT 2');
      }),
    ).rejects.toThrow();
    for (let i = 0; i < 5; i += 1) {
      expect(await db.query<{ n: number }>('SELECT 3 AS n')).toEqual([{ n: 3 }]);
    }
    expect(uncaught).toEqual([]);
  });
});
