// The product as separate processes on one PostgreSQL, Redis and broker.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { waitFor } from './wait.ts';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/platform/node-flags.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface Instance {
  name: string;
  port: number;
  baseUrl: string;
  /** Up and answering /readyz. */
  start(): Promise<void>;
  /** SIGKILL: no graceful close, no lease released, nothing drained. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  running(): boolean;
  /** The process id (the control scheduler's lease holder names it). */
  pid(): number | undefined;
  /** The instance's log (JSON lines), for conditions such as the backfill finishing. */
  log(): Promise<string>;
}

export interface Tenant {
  factoryId: number;
  email: string;
  password: string;
  meterId: number;
  meterSerial: string;
  slug: string;
}

/** Onboards the soak's factory with the real CLI (it migrates and seeds the demo factory too). */
export async function addTenant(env: Record<string, string>): Promise<Tenant> {
  const tenant = { email: 'soak@soak.bench', password: 'soak-password', meterSerial: 'SOAK-M01' };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      'apps/server/src/modules/factory/cli/add-factory-main.ts',
      ...['--slug', 'soak', '--name', 'Soak', '--email', tenant.email],
      ...['--password', tenant.password, '--meter-serial', tenant.meterSerial],
    ],
    { cwd: repoRoot, env: { ...process.env, ...env } },
  );
  const added = JSON.parse(stdout.trim().split('\n').pop()!) as {
    factoryId: number;
    meterId: number;
  };
  return { ...tenant, factoryId: added.factoryId, meterId: added.meterId, slug: 'soak' };
}

export function createInstance(
  name: string,
  port: number,
  env: Record<string, string>,
  logDir: string,
): Instance {
  let child: ChildProcess | undefined;
  const logFile = join(logDir, `${name}.log`);
  const baseUrl = `http://127.0.0.1:${port}`;
  const instance: Instance = {
    name,
    port,
    baseUrl,
    async start() {
      const fd = openSync(logFile, 'a');
      child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/src/main.ts'], {
        cwd: repoRoot,
        env: { ...process.env, ...env, PORT: String(port) },
        stdio: ['ignore', fd, fd],
      });
      closeSync(fd);
      const started = child;
      await waitFor(
        `${name} ready`,
        async () => started.exitCode !== null || (await fetch(`${baseUrl}/readyz`)).ok,
        120_000,
        250,
      );
      if (started.exitCode !== null) throw new Error(`${name} exited; see ${logFile}`);
    },
    async kill() {
      const current = child;
      if (!current || current.exitCode !== null) return;
      const exited = new Promise((resolve) => current.once('exit', resolve));
      current.kill('SIGKILL');
      await exited;
    },
    async stop() {
      const current = child;
      if (!current || current.exitCode !== null) return;
      const exited = new Promise((resolve) => current.once('exit', resolve));
      current.kill('SIGTERM');
      const timer = setTimeout(() => current.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
    running: () => child !== undefined && child.exitCode === null,
    pid: () => child?.pid,
    log: () => readFile(logFile, 'utf8'),
  };
  return instance;
}
