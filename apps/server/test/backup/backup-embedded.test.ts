import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { afterAll, describe, expect, it } from 'vitest';
import {
  embeddedEnv,
  runNode,
  waitForOutput,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { batch, checkEveryIndex, missingReadings, type Acked } from './backup-fixture.ts';

const MAIN = 'apps/server/src/main.ts';
const BACKUP = 'apps/server/src/platform/db/cli/backup-main.ts';
const RESTORE = 'apps/server/src/platform/db/cli/restore-main.ts';

const started: ServerProcess[] = [];
const root = mkdtempSync(path.join(tmpdir(), 'wattboard-backup-it-'));
afterAll(async () => {
  for (const proc of started) {
    if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
    await proc.exited;
  }
  rmSync(root, { recursive: true, force: true });
});
const run = (script: string, args: string[], dataDir: string) => {
  const proc = runNode(script, args, embeddedEnv(dataDir));
  started.push(proc);
  return proc;
};

describe('backup of the embedded database while ingest runs', () => {
  it('restores to a database that passes amcheck and holds every acknowledged reading', async () => {
    const dataDir = path.join(root, 'data');
    const server = run(MAIN, [], dataDir);
    await waitForOutput(server, 'Wattboard is running', 120_000);
    const baseUrl = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output())?.[1];
    const key = /"gatewayIngestKey":"([^"]+)"/.exec(server.output())?.[1];
    expect(baseUrl && key).toBeTruthy();

    // Ingest without pause; every batch the server answered 200 is acknowledged.
    const acked: Acked[] = [];
    let stop = false;
    let sent = 0;
    const refused: string[] = [];
    const until = async (done: () => boolean) => {
      while (!done()) {
        if (refused.length > 50)
          throw new Error(`ingest refused: ${refused.slice(-3).join(' | ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const ingest = (async () => {
      for (let n = 0; !stop; n += 1) {
        const readings = batch(n);
        const response = await fetch(`${baseUrl}/v1/Ingest/Readings`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ readings }),
        });
        if (response.status !== 200) {
          // Only a 200 acknowledges; anything else is kept to fail the test with its answer.
          refused.push(`${response.status} ${await response.text()}`);
          if (refused.length > 50) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
          n -= 1;
          continue;
        }
        acked.push(...readings.map((r) => ({ serial: r.serial, ts: r.ts })));
        sent += 1;
      }
    })();
    await until(() => sent >= 5);

    const ackedBefore = [...acked];
    const file = path.join(root, 'wattboard.tar.gz');
    const backup = run(BACKUP, [file], dataDir);
    expect(await backup.exited, backup.output()).toBe(0);
    expect(backup.output()).toContain('"via":"running server"');
    const sentDuring = sent;
    // Ingest went on while the server dumped (a copy of a quiet database proves little).
    await until(() => sent >= sentDuring + 3);
    stop = true;
    await ingest;
    // A restore over a running server's data would pull the database from under it.
    const busy = run(RESTORE, [file], dataDir);
    expect(await busy.exited).toBe(1);
    expect(busy.output()).toContain(`pid ${server.child.pid}`);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // With the server stopped the command opens the database itself.
    const offline = run(BACKUP, [path.join(root, 'offline.tar.gz')], dataDir);
    expect(await offline.exited, offline.output()).toBe(0);
    expect(offline.output()).toContain('"via":"stopped database"');

    // Restore into another data directory, as onto a new machine.
    const restoredDir = path.join(root, 'restored');
    const restore = run(RESTORE, [file], restoredDir);
    expect(await restore.exited, restore.output()).toBe(0);

    const pglite = await PGlite.create({
      dataDir: path.join(restoredDir, 'db'),
      extensions: { amcheck },
    });
    try {
      const db = {
        query: async <T>(sql: string, params: unknown[] = []) =>
          (await pglite.query<T>(sql, params)).rows,
        exec: async (sql: string) => void (await pglite.exec(sql)),
      };
      expect(await checkEveryIndex(db)).toBeGreaterThan(20);
      expect(ackedBefore.length).toBeGreaterThanOrEqual(10);
      expect(await missingReadings(db, ackedBefore)).toEqual([]);
    } finally {
      await pglite.close();
    }
  }, 300_000);
});
