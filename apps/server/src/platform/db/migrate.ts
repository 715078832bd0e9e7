import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';
import { parseMigrationFiles, pendingMigrations } from './migration-plan.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

// Any fixed number; it only has to be the same for every instance of Wattboard.
const MIGRATION_LOCK_KEY = 72_617_001;

/**
 * Applies the pending migrations in one transaction and records them in
 * schema_migrations. The advisory lock makes two instances starting together
 * take turns: the second sees the first's work and applies nothing.
 * Returns the versions it applied.
 */
export async function migrate(db: Db): Promise<number[]> {
  const fileNames = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql'));
  const files = parseMigrationFiles(fileNames);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const pending = pendingMigrations(files, new Set(rows.map((row) => row.version)));
    for (const file of pending) {
      await tx.exec(await readFile(`${migrationsDir}${file.fileName}`, 'utf8'));
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        file.version,
        file.name,
      ]);
    }
    return pending.map((file) => file.version);
  });
}
