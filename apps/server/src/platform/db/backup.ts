/**
 * A consistent copy of the embedded database while the server runs (issue #16).
 * The data-dir lock keeps every other process out of DATA_DIR/db, so the copy
 * is taken BY the running server: `npm run backup` drops a request file in
 * DATA_DIR/backups and sends the server SIGUSR2; the server dumps PGlite's data
 * directory between transactions (db.dumpDataDir) and renames the finished
 * file into place. Whoever may write DATA_DIR and signal the server's process
 * may ask (the operating system's permissions are the authentication); no
 * network endpoint is involved. With the server stopped, the CLI dumps itself.
 */
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './db.ts';

export const backupDir = (dataDir: string) => path.join(dataDir, 'backups');
const REQUEST = '.request';

/** Writes the dump to file (via file.partial and a rename, so file is whole or absent). */
export async function writeBackup(db: Db, file: string): Promise<number> {
  if (!db.dumpDataDir) throw new Error('only the embedded database can be dumped this way');
  const blob = await db.dumpDataDir();
  const bytes = new Uint8Array(await blob.arrayBuffer());
  // It holds password hashes and gateway key hashes: readable by the server's user only.
  await writeFile(`${file}.partial`, bytes, { mode: 0o600 });
  await rename(`${file}.partial`, file);
  return bytes.length;
}

/** Asks for a backup; the server answers with `<id>.tar.gz` or `<id>.error` beside it. */
export async function requestBackup(dataDir: string, id: string): Promise<void> {
  await mkdir(backupDir(dataDir), { recursive: true });
  await writeFile(path.join(backupDir(dataDir), `${id}${REQUEST}`), new Date().toISOString());
}

/** The server's side: answers every request waiting in DATA_DIR/backups, one at a time. */
export async function answerBackupRequests(db: Db, dataDir: string): Promise<string[]> {
  const dir = backupDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const answered: string[] = [];
  for (const name of names.filter((n) => n.endsWith(REQUEST)).sort()) {
    const id = name.slice(0, -REQUEST.length);
    // Only ids the CLI makes: the name becomes a path.
    if (!/^[a-z0-9-]{1,80}$/.test(id)) continue;
    try {
      await writeBackup(db, path.join(dir, `${id}.tar.gz`));
    } catch (error) {
      await writeFile(path.join(dir, `${id}.error`), (error as Error).message);
    }
    await rm(path.join(dir, name), { force: true });
    answered.push(id);
  }
  return answered;
}
