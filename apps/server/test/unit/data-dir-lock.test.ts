import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  DataDirLockedError,
  holderIsAlive,
  LOCK_FILE_NAME,
  type LockEnvironment,
} from '../../src/platform/db/data-dir-lock.ts';

const HOST = 'plant-server';

/** A process on HOST with this pid; `running` lists the other pids that run there. */
function env(pid: number, running: number[] = []): LockEnvironment {
  return {
    pid,
    hostname: HOST,
    isRunning: (other) => running.includes(other),
    now: () => new Date('2026-11-23T08:00:00Z'),
  };
}

describe('the lock on the data directory', () => {
  let dataDir: string;
  let lockFile: string;
  const writeHolder = (holder: object | string) =>
    writeFileSync(lockFile, typeof holder === 'string' ? holder : JSON.stringify(holder));
  beforeEach(() => {
    dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'wattboard-lock-')), 'data');
    lockFile = path.join(dataDir, LOCK_FILE_NAME);
  });
  afterEach(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));

  it('is taken on a fresh directory (created if missing), naming pid and host', () => {
    const lock = acquireDataDirLock(dataDir, env(100));
    expect(lock.file).toBe(lockFile);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toEqual({
      pid: 100,
      hostname: HOST,
      since: '2026-11-23T08:00:00.000Z',
    });
    lock.release();
  });

  it('refuses while a live process holds it, naming the directory and its pid', () => {
    mkdirSync(dataDir, { recursive: true });
    writeHolder({ pid: 200, hostname: HOST, since: '2026-11-23T07:00:00.000Z' });
    const take = () => acquireDataDirLock(dataDir, env(100, [200]));
    expect(take).toThrow(DataDirLockedError);
    expect(take).toThrow(new RegExp(`${dataDir}.*pid 200`));
    expect(take).toThrow(`delete ${lockFile}`);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: 200 });
  });

  it('refuses a second open in the same process while the first holds it', () => {
    const first = acquireDataDirLock(dataDir, env(100));
    expect(() => acquireDataDirLock(dataDir, env(100))).toThrow(/pid 100/);
    first.release();
    acquireDataDirLock(dataDir, env(100)).release();
  });

  it('takes over a lock whose process no longer runs', () => {
    mkdirSync(dataDir, { recursive: true });
    writeHolder({ pid: 200, hostname: HOST, since: '2026-11-22T07:00:00.000Z' });
    const lock = acquireDataDirLock(dataDir, env(100, []));
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: 100 });
    expect(existsSync(`${lockFile}.takeover`)).toBe(false);
    lock.release();
  });

  it('takes over an unreadable lock file, and one left by an earlier life of its own pid', () => {
    mkdirSync(dataDir, { recursive: true });
    writeHolder('');
    acquireDataDirLock(dataDir, env(100)).release();
    // A container restarted as pid 1 finds its own pid in a lock it does not hold.
    writeHolder({ pid: 1, hostname: HOST, since: '2026-11-22T07:00:00.000Z' });
    const lock = acquireDataDirLock(dataDir, env(1, [1]));
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ since: expect.any(String) });
    lock.release();
  });

  it('refuses while another starter is taking over a stale lock', () => {
    mkdirSync(`${lockFile}.takeover`, { recursive: true });
    writeHolder({ pid: 200, hostname: HOST, since: '' });
    expect(() => acquireDataDirLock(dataDir, env(100))).toThrow(/being taken over/);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: 200 });
  });

  it('is released: the file goes, and the directory can be taken again', () => {
    const lock = acquireDataDirLock(dataDir, env(100));
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
    lock.release();
    const again = acquireDataDirLock(dataDir, env(300));
    again.release();
  });

  it('never removes a lock that another process took after ours was lost', () => {
    const lock = acquireDataDirLock(dataDir, env(100));
    writeHolder({ pid: 200, hostname: HOST, since: 'later' });
    lock.release();
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: 200 });
  });
});

describe('holderIsAlive', () => {
  const holder = { pid: 200, hostname: HOST, since: '' };

  it('asks whether the pid runs when the holder is on this machine', () => {
    expect(holderIsAlive(holder, env(100, [200]), false)).toBe(true);
    expect(holderIsAlive(holder, env(100, []), false)).toBe(false);
  });

  it('counts another machine’s holder as alive: its pid cannot be checked from here', () => {
    expect(holderIsAlive({ ...holder, hostname: 'other' }, env(100, []), false)).toBe(true);
  });

  it('counts our own pid as alive only when this process holds the lock', () => {
    expect(holderIsAlive({ ...holder, pid: 100 }, env(100, [100]), true)).toBe(true);
    expect(holderIsAlive({ ...holder, pid: 100 }, env(100, [100]), false)).toBe(false);
  });

  it('counts no holder (missing or unreadable file) as gone', () => {
    expect(holderIsAlive(undefined, env(100), false)).toBe(false);
  });
});
