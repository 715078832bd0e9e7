import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './db.ts';
import { MEMORY_DATA_DIR } from '../config.ts';
import { initPgliteDataDir } from './pglite-init.ts';
import { pgliteStartParams } from './pglite-settings.ts';
import { QueryStats } from './query-stats.ts';
import { DATA_CHANGE_CHANNEL, dispatchDataChange } from './data-change-channel.ts';

type PgliteQueryable = Pick<PGlite, 'query' | 'exec'>;

function wrap(target: PgliteQueryable): Queryable {
  return {
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

export interface OpenPgliteOptions {
  /**
   * Only with MEMORY_DATA_DIR: start from this dumpDataDir() copy instead of running
   * initdb. For the tests, which open ~120 empty in-memory databases a run: loading a
   * copy of a freshly created one takes ~0.85 s, initdb ~2.1 s. The server never passes it.
   */
  loadDataDir?: Blob;
}

/** Embedded PostgreSQL (WASM) stored in dataDir, or in memory for MEMORY_DATA_DIR. */
export async function openPgliteDb(dataDir: string, options: OpenPgliteOptions = {}): Promise<Db> {
  if (options.loadDataDir && dataDir !== MEMORY_DATA_DIR) {
    throw new Error('openPgliteDb: loadDataDir is only for an in-memory database');
  }
  if (dataDir !== MEMORY_DATA_DIR) {
    await mkdir(dataDir, { recursive: true });
    await initPgliteDataDir(dataDir);
  }
  const pglite = await PGlite.create(dataDir, {
    startParams: pgliteStartParams(),
    loadDataDir: options.loadDataDir,
  });
  const stats = new QueryStats();
  return {
    kind: 'pglite',
    ...stats.wrap(wrap(pglite)),
    async listenDataChanges(handlers) {
      // PGlite calls listeners before the notifying statement resolves: no fence needed.
      const unlisten = await pglite.listen(DATA_CHANGE_CHANNEL, (payload) =>
        dispatchDataChange(payload, handlers),
      );
      return { fence: () => Promise.resolve(), close: () => unlisten() };
    },
    transaction: (fn) => pglite.transaction((tx) => fn(stats.wrap(wrap(tx)))),
    stats: () => stats.snapshot(null),
    // Inside a transaction slot, so no other transaction is half-way through; the
    // CHECKPOINT writes every committed page, so a restore needs little WAL replay.
    dumpDataDir: () =>
      pglite.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        return pglite.dumpDataDir('gzip');
      }),
    close: () => pglite.close(),
  };
}
