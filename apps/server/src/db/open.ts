import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { openPgliteDb } from './pglite.ts';
import { openPostgresDb } from './postgres.ts';

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR/db (DESIGN §2). */
export function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  if (config.databaseUrl) return openPostgresDb(config.databaseUrl);
  const dir = config.dataDir.startsWith('memory://') ? config.dataDir : `${config.dataDir}/db`;
  return openPgliteDb(dir);
}
