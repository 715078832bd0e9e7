import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { openPgliteDb } from './pglite.ts';
import { openPostgresDb } from './postgres.ts';

/**
 * PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR/db.
 * The embedded database is opened only under the data directory's lock (one
 * process at a time), held until the database is closed; a second process
 * (a second server, or factory:add while the server runs) gets a
 * DataDirLockedError naming the directory and the holder's pid.
 */
export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  if (config.databaseUrl) return openPostgresDb(config.databaseUrl);
  if (config.dataDir.startsWith('memory://')) return openPgliteDb(config.dataDir);
  const lock = acquireDataDirLock(config.dataDir);
  let db: Db;
  try {
    db = await openPgliteDb(`${config.dataDir}/db`);
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    ...db,
    close: async () => {
      try {
        await db.close();
      } finally {
        lock.release();
      }
    },
  };
}
