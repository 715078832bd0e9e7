import { linkSync, mkdirSync, readFileSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process at a time on an embedded database: PGlite has no lock of its own,
 * and two processes writing one data directory corrupt it. The lock is a file
 * `DATA_DIR/db.lock` naming its holder; it lives as long as the process holds
 * the database and goes on close or exit.
 */
export const LOCK_FILE_NAME = 'db.lock';

export interface LockHolder {
  pid: number;
  hostname: string;
  since: string;
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still ours; safe to call twice. */
  release(): void;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface LockEnvironment {
  pid: number;
  hostname: string;
  /** Whether a process with this pid runs on this machine. */
  isRunning(pid: number): boolean;
  now(): Date;
}

export function pidIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const thisProcess: LockEnvironment = {
  pid: process.pid,
  hostname: os.hostname(),
  isRunning: pidIsRunning,
  now: () => new Date(),
};

/** Lock files this process holds, so a second open in the same process is refused too. */
const heldHere = new Set<string>();

function readHolder(file: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid === 'number' && typeof parsed.hostname === 'string') {
      return { pid: parsed.pid, hostname: parsed.hostname, since: String(parsed.since ?? '') };
    }
  } catch {
    // Unreadable or not JSON: nobody can be named as its holder.
  }
  return undefined;
}

/**
 * Whether `holder` may still be using the directory. Another machine's pid
 * cannot be checked, so it counts as alive. Our own pid in a file we do not
 * hold is a previous life of this process id (a container restarted as pid 1).
 */
export function holderIsAlive(
  holder: LockHolder | undefined,
  env: LockEnvironment,
  heldByUs: boolean,
): boolean {
  if (!holder) return false;
  if (holder.hostname !== env.hostname) return true;
  if (holder.pid === env.pid) return heldByUs;
  return env.isRunning(holder.pid);
}

export function lockedMessage(dataDir: string, file: string, holder: LockHolder): string {
  const where = holder.hostname === os.hostname() ? '' : ` on ${holder.hostname}`;
  return (
    `The data directory ${dataDir} is in use by another Wattboard process (pid ${holder.pid}${where}` +
    `${holder.since ? `, since ${holder.since}` : ''}); two processes would corrupt its embedded ` +
    `database. Stop that process first (factory:add too needs the server stopped). If no such ` +
    `process runs, delete ${file}.`
  );
}

/** Creates `file` with `content` only if it does not exist, never half-written (link is atomic). */
function createExclusive(file: string, content: string, pid: number): boolean {
  const temp = `${file}.${pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temp, content);
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}

/**
 * Takes the lock on `dataDir` or throws DataDirLockedError naming the holder.
 * A lock whose holder no longer runs is taken over; the takeover is serialized
 * by an exclusive `mkdir`, and the file is re-read inside it, so of two starters
 * that both found the same stale lock only one removes it, and never a fresh one.
 */
export function acquireDataDirLock(
  dataDir: string,
  env: LockEnvironment = thisProcess,
): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const holder: LockHolder = {
    pid: env.pid,
    hostname: env.hostname,
    since: env.now().toISOString(),
  };
  const content = `${JSON.stringify(holder)}\n`;

  const refuse = (): never => {
    const current = readHolder(file) ?? { pid: 0, hostname: env.hostname, since: '' };
    throw new DataDirLockedError(lockedMessage(dataDir, file, current));
  };

  if (!createExclusive(file, content, env.pid)) {
    if (holderIsAlive(readHolder(file), env, heldHere.has(file))) refuse();
    const takeover = `${file}.takeover`;
    try {
      mkdirSync(takeover);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      throw new DataDirLockedError(
        `The data directory ${dataDir} is being taken over by another starting Wattboard process. ` +
          `If none is starting, delete ${takeover} and ${file}.`,
      );
    }
    try {
      // Re-read inside the takeover: the holder may have changed since the first look.
      if (holderIsAlive(readHolder(file), env, heldHere.has(file))) refuse();
      try {
        unlinkSync(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      // Once: a process that started in between holds it now, and is alive.
      if (!createExclusive(file, content, env.pid)) refuse();
    } finally {
      rmdirSync(takeover);
    }
  }

  heldHere.add(file);
  const release = () => {
    process.off('exit', release);
    if (!heldHere.delete(file)) return;
    const current = readHolder(file);
    if (current?.pid === holder.pid && current.since === holder.since) {
      try {
        unlinkSync(file);
      } catch {
        // Already gone (the directory was removed): nothing to release.
      }
    }
  };
  // Exit handlers must be synchronous; this covers process.exit() after a failed start.
  process.on('exit', release);
  return { file, release };
}
