import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MEMORY_DATA_DIR } from '../../src/platform/config.ts';
import { initPgliteDataDir } from '../../src/platform/db/pglite-init.ts';
import { PGLITE_SHARED_BUFFERS } from '../../src/platform/db/pglite-settings.ts';
import { openPgliteDb } from '../../src/platform/db/pglite.ts';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'wattboard-pglite-memory-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("the embedded database's memory settings", () => {
  it('runs with the smaller shared_buffers, in memory and on disk', async () => {
    for (const dir of [MEMORY_DATA_DIR, join(await tempDir(), 'db')]) {
      const db = await openPgliteDb(dir);
      try {
        const [row] = await db.query<{ shared_buffers: string }>('SHOW shared_buffers');
        expect(row?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
      } finally {
        await db.close();
      }
    }
  });

  it('creates a new cluster where there is none, and leaves an existing one alone', async () => {
    const dir = join(await tempDir(), 'db');
    const db = await openPgliteDb(dir);
    await db.exec('CREATE TABLE kept (x int); INSERT INTO kept VALUES (42)');
    await db.close();
    const before = await stat(join(dir, 'PG_VERSION'));

    await initPgliteDataDir(dir);
    expect((await stat(join(dir, 'PG_VERSION'))).mtimeMs).toBe(before.mtimeMs);
    const again = await openPgliteDb(dir);
    try {
      expect(await again.query('SELECT x FROM kept')).toEqual([{ x: 42 }]);
    } finally {
      await again.close();
    }
  });
});
