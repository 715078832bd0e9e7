import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../../src/platform/db/data-dir-lock.ts';
import {
  embeddedEnv,
  runNode,
  waitForOutput,
  type ServerProcess,
} from '../helpers/server-process.ts';

const MAIN = 'apps/server/src/main.ts';
/** Every process a test starts, so a failing test (a second server that did start) leaves none behind. */
const started: ServerProcess[] = [];
const run = (script: string, args: string[], dataDir: string) => {
  const proc = runNode(script, args, embeddedEnv(dataDir));
  started.push(proc);
  return proc;
};
const ADD_FACTORY = 'apps/server/src/modules/factory/cli/add-factory-main.ts';
const factoryArgs = (slug: string) => [
  ...['--slug', slug, '--name', slug, '--email', `boss@${slug}.example`],
  ...['--password', 'factory-password'],
];

/** Two real server processes (and factory:add) on one embedded data directory. */
describe('the lock on the data directory, between processes', () => {
  let root: string;
  let dataDir: string;
  let first: ServerProcess;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'wattboard-lock-it-'));
    dataDir = path.join(root, 'data');
    first = run(MAIN, [], dataDir);
    await waitForOutput(first, 'Wattboard is running');
  }, 120_000);
  afterAll(async () => {
    for (const proc of started) {
      if (proc.child.exitCode === null && proc.child.signalCode === null)
        proc.child.kill('SIGKILL');
      await proc.exited;
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('stops a second server at once, non-zero, naming the directory and the pid', async () => {
    const second = run(MAIN, [], dataDir);
    // Without the lock the second server starts (and would share the files): fail at once then.
    const startedUp = waitForOutput(second, 'Wattboard is running').then(
      () => 'started',
      () => 'not started',
    );
    const outcome = await Promise.race([second.exited, startedUp]);
    expect(outcome).not.toBe('started');
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use`);
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    expect(first.child.exitCode).toBeNull();
  }, 60_000);

  it('makes factory:add refuse the same way instead of reporting success', async () => {
    const add = run(ADD_FACTORY, factoryArgs('acme'), dataDir);
    expect(await add.exited).toBe(1);
    expect(add.output()).toContain(`factory:add failed: The data directory ${dataDir} is in use`);
    expect(add.output()).toContain(`pid ${first.child.pid}`);
    expect(add.output()).not.toContain('gatewayKey');
  }, 60_000);

  it('is released on a graceful shutdown, after which factory:add works', async () => {
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    const add = run(ADD_FACTORY, factoryArgs('acme'), dataDir);
    expect(await add.exited).toBe(0);
    expect(add.output()).toContain('"gatewayKey"');
  }, 60_000);

  it('is taken over after a crash (SIGKILL leaves the file, its pid is gone)', async () => {
    const crashed = run(MAIN, [], dataDir);
    await waitForOutput(crashed, 'Wattboard is running');
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);
    const add = run(ADD_FACTORY, factoryArgs('beta'), dataDir);
    expect(await add.exited).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, 120_000);
});
