/**
 * `npm run restore -w @wattboard/server -- <file.tar.gz>`: replaces the embedded
 * database with a backup from `npm run backup`. The server must be stopped (the
 * data-dir lock refuses otherwise). The database it replaces is kept beside it
 * as DATA_DIR/db.before-restore-<time>, so a wrong file costs nothing.
 */
import { readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { parseConfig } from '../../config.ts';
import { acquireDataDirLock } from '../data-dir-lock.ts';

async function main(): Promise<number> {
  const [source, ...rest] = process.argv.slice(2);
  if (!source || rest.length > 0) {
    console.error('usage: npm run restore -w @wattboard/server -- <file.tar.gz>');
    return 2;
  }
  const config = parseConfig(process.env);
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/deployment.md)');
    return 2;
  }
  const backup = await readFile(path.resolve(source));
  const lock = acquireDataDirLock(config.dataDir);
  try {
    const dbDir = path.join(config.dataDir, 'db');
    const kept = await stat(dbDir).then(
      async () => {
        const aside = `${dbDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        await rename(dbDir, aside);
        return aside;
      },
      () => null,
    );
    const pglite = await PGlite.create({ dataDir: dbDir, loadDataDir: new Blob([backup]) });
    try {
      const [row] = (
        await pglite.query<{ version: number }>(
          'SELECT max(version) AS version FROM schema_migrations',
        )
      ).rows;
      console.info(JSON.stringify({ restored: dbDir, schemaVersion: row?.version, keptOld: kept }));
    } finally {
      await pglite.close();
    }
    return 0;
  } finally {
    lock.release();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
