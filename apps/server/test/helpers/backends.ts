import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import './pglite-snapshot-context.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { openPgliteDb } from '../../src/platform/db/pglite.ts';
import { openPostgresDb } from '../../src/platform/db/postgres.ts';
import { MEMORY_DATA_DIR } from '../../src/platform/config.ts';

export type Backend = 'pglite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** Every integration suite runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
export const backends: Backend[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDb {
  db: Db;
  /** Closes the database and, on PostgreSQL, drops the test's private schema. */
  dispose(): Promise<void>;
}

let emptyPglite: Promise<Blob | undefined> | undefined;

/**
 * The empty database pglite-snapshot-global-setup.ts made for this run (just after
 * initdb: every test still runs the migrations and the seed itself), read once per worker.
 * Without that setup (another vitest config) each database runs initdb, as before.
 */
function emptyPgliteSnapshot(): Promise<Blob | undefined> {
  const file = inject('pgliteSnapshotFile');
  emptyPglite ??= file
    ? readFile(file).then((bytes) => new Blob([bytes]))
    : Promise.resolve(undefined);
  return emptyPglite;
}

async function withAdmin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database. On PostgreSQL each call gets its own schema, so
 * test files never see each other's data and runs can repeat.
 */
export async function openTestDb(backend: Backend): Promise<TestDb> {
  if (backend === 'pglite') {
    const db = await openPgliteDb(MEMORY_DATA_DIR, { loadDataDir: await emptyPgliteSnapshot() });
    return { db, dispose: () => db.close() };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `wattboard_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(postgresUrl, `CREATE SCHEMA ${schema}`);
  const db = await openPostgresDb(postgresUrl, { schema, max: 4 });
  return {
    db,
    async dispose() {
      await db.close();
      await withAdmin(postgresUrl, `DROP SCHEMA ${schema} CASCADE`);
    },
  };
}
