/**
 * `npm run backup -w @wattboard/server -- <file>`: a consistent copy of the
 * embedded database (DATA_DIR/db) as a .tar.gz, whether the server runs or not
 * (platform/db/backup.ts). With DATABASE_URL, PostgreSQL's own tools do it (pg_dump; see
 * docs/deployment.md). Exit 0 with the file written, 1 on failure, 2 on usage.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseConfig } from '../../config.ts';
import { backupDir, requestBackup, writeBackup } from '../backup.ts';
import { DataDirLockedError, LOCK_FILE_NAME } from '../data-dir-lock.ts';
import { openDb } from '../open.ts';

const TIMEOUT_MS = Number(process.env.BACKUP_TIMEOUT_MS ?? 10 * 60_000);

async function main(): Promise<number> {
  const [target, ...rest] = process.argv.slice(2);
  if (!target || rest.length > 0) {
    console.error('usage: npm run backup -w @wattboard/server -- <file.tar.gz>');
    return 2;
  }
  const config = parseConfig(process.env);
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/deployment.md)');
    return 2;
  }
  const file = path.resolve(target);
  let db;
  try {
    db = await openDb(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return viaServer(config.dataDir, file);
  }
  // The server is stopped: this process holds the directory and dumps it itself.
  try {
    const bytes = await writeBackup(db, file);
    console.info(JSON.stringify({ file, bytes, via: 'stopped database' }));
    return 0;
  } finally {
    await db.close();
  }
}

/** Asks the running server (its pid is in the lock file) and waits for its answer. */
async function viaServer(dataDir: string, file: string): Promise<number> {
  const holder = JSON.parse(await readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8')) as {
    pid: number;
  };
  const id = `${new Date()
    .toISOString()
    .replace(/[^0-9]/g, '')
    .slice(0, 14)}-${randomBytes(4).toString('hex')}`;
  await requestBackup(dataDir, id);
  process.kill(holder.pid, 'SIGUSR2');
  const done = path.join(backupDir(dataDir), `${id}.tar.gz`);
  const failed = path.join(backupDir(dataDir), `${id}.error`);
  const deadline = Date.now() + TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await exists(failed)) {
      console.error(`backup failed: ${await readFile(failed, 'utf8')}`);
      await rm(failed, { force: true });
      return 1;
    }
    if (await exists(done)) {
      await move(done, file);
      console.info(JSON.stringify({ file, bytes: (await stat(file)).size, via: 'running server' }));
      return 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.error(`the server (pid ${holder.pid}) did not answer within ${TIMEOUT_MS} ms`);
  return 1;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

async function move(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch {
    // Another file system: copy, then remove the server's copy.
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
