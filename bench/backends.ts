import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Db } from '../apps/server/src/platform/db/db.ts';
import { migrate } from '../apps/server/src/platform/db/migrate.ts';
import { openPgliteDb } from '../apps/server/src/platform/db/pglite.ts';
import { openPostgresDb } from '../apps/server/src/platform/db/postgres.ts';

export interface BenchDb {
  label: string;
  db: Db;
  dispose(): Promise<void>;
}

export type BackendName = 'pglite' | 'postgres';

/** PostgreSQL to measure on: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else none. */
export const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

async function admin(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on the server of `serverUrl`, for a product started on it. */
export async function freshPostgresDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(serverUrl, `DROP DATABASE ${name} WITH (FORCE)`),
  };
}

/**
 * A fresh, migrated database: PGlite on disk in a temp dir (as the product
 * runs it), or a private schema on the PostgreSQL server, dropped afterwards.
 */
export async function openBenchDb(backend: BackendName): Promise<BenchDb> {
  if (backend === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'wattboard-bench-'));
    const db = await openPgliteDb(join(dir, 'db'));
    await migrate(db);
    return {
      label: 'PGlite',
      db,
      async dispose() {
        await db.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  if (!postgresUrl) throw new Error('no PostgreSQL URL');
  const schema = `wattboard_bench_${randomBytes(5).toString('hex')}`;
  await admin(postgresUrl, `CREATE SCHEMA ${schema}`);
  const db = await openPostgresDb(postgresUrl, { schema, max: 4 });
  await migrate(db);
  return {
    label: 'PostgreSQL',
    db,
    async dispose() {
      await db.close();
      await admin(postgresUrl, `DROP SCHEMA ${schema} CASCADE`);
    },
  };
}
