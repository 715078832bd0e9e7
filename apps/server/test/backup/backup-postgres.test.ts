import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db/db.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { openPostgresDb } from '../../src/platform/db/postgres.ts';
import { seedDemo } from '../../src/modules/demo/repo/seed.ts';
import { scryptParams } from '../../src/modules/auth/password.ts';
import { ingestReadings } from '../../src/modules/ingest/ingest-readings.ts';
import { batch, checkEveryIndex, missingReadings, type Acked } from './backup-fixture.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const suffix = randomBytes(5).toString('hex');
const names = {
  source: `wattboard_backup_src_${suffix}`,
  target: `wattboard_backup_dst_${suffix}`,
};
const urlOf = (database: string) => {
  const url = new URL(adminUrl!);
  url.pathname = `/${database}`;
  return url.toString();
};
const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};
/** Runs a PostgreSQL client tool; resolves with its exit code and output. */
const tool = (command: string, args: string[]) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });

const root = mkdtempSync(path.join(tmpdir(), 'wattboard-pgdump-it-'));
const opened: Db[] = [];
afterAll(async () => {
  for (const db of opened) await db.close().catch(() => {});
  if (adminUrl) {
    for (const name of Object.values(names))
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(!adminUrl)('pg_dump while ingest runs, pg_restore into a fresh database', () => {
  it('restores to a database that passes amcheck and holds every acknowledged reading', async () => {
    await admin(`CREATE DATABASE ${names.source}`);
    const source = await openPostgresDb(urlOf(names.source), { max: 4 });
    opened.push(source);
    await migrate(source);
    const { factoryId } = await seedDemo(source, scryptParams(10));

    const acked: Acked[] = [];
    let stop = false;
    let sent = 0;
    const ingest = (async () => {
      for (let n = 0; !stop; n += 1) {
        const readings = batch(n);
        const result = await ingestReadings(source, factoryId, readings);
        expect(result.accepted).toBe(readings.length);
        acked.push(...readings.map((r) => ({ serial: r.serial, ts: r.ts })));
        sent += 1;
      }
    })();
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await until(() => sent >= 5);

    const ackedBefore = [...acked];
    const file = path.join(root, 'wattboard.dump');
    const dump = await tool('pg_dump', ['--format=custom', `--file=${file}`, urlOf(names.source)]);
    expect(dump.code, dump.output).toBe(0);
    const sentDuring = sent;
    await until(() => sent >= sentDuring + 3);
    stop = true;
    await ingest;

    await admin(`CREATE DATABASE ${names.target}`);
    const restore = await tool('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${urlOf(names.target)}`,
      file,
    ]);
    expect(restore.code, restore.output).toBe(0);
    const target = await openPostgresDb(urlOf(names.target), { max: 2 });
    opened.push(target);
    expect(await checkEveryIndex(target)).toBeGreaterThan(20);
    expect(ackedBefore.length).toBeGreaterThanOrEqual(10);
    expect(await missingReadings(target, ackedBefore)).toEqual([]);
    // The dump is one snapshot: nothing acknowledged after it ended can be in it.
    const after = acked.slice(acked.length - 2);
    expect(await missingReadings(target, after)).toEqual(after);
  }, 300_000);
});
