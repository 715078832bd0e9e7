import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SERVER_NODE_FLAGS } from '../apps/server/src/platform/node-flags.ts';
import { freePort } from '../e2e/support/server-process.ts';

// The soak's stack takes its ports from here too.
export { freePort };

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The bench's own tenant, made with the real onboarding command. */
export interface BenchTenant {
  email: string;
  password: string;
  meterId: number;
  meterSerial: string;
  gatewayKey: string;
}

export interface ServerProcess {
  baseUrl: string;
  /** The server's process id (to read its /proc entries). */
  pid: number;
  tenant: BenchTenant;
  /** The embedded database's directory (unused on PostgreSQL). */
  dataDir: string;
  /** Resident memory of the server process, MB (from /proc). */
  rssMb(): Promise<number>;
  /** Ends the process and keeps its data directory (to open its database afterwards). */
  halt(): Promise<void>;
  stop(): Promise<void>;
}

async function waitReady(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server not ready within 60 s');
}

/**
 * Starts the product as `npm start` would (embedded database, simulator off so
 * nothing else competes), in its own process: the clients measuring it must not
 * share its event loop.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wattboard-bench-hub-'));
  const port = await freePort();
  const childEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(port),
    SIMULATOR: 'off',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SCRYPT_COST: '10',
    ...env,
  };
  const tenant = {
    email: 'bench@hub.bench',
    password: 'bench-password',
    meterSerial: 'BENCH-M01',
  };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      'apps/server/src/modules/factory/cli/add-factory-main.ts',
      ...['--slug', 'hub-bench', '--name', 'Hub bench', '--email', tenant.email],
      ...['--password', tenant.password, '--meter-serial', tenant.meterSerial],
    ],
    { cwd: repoRoot, env: childEnv },
  );
  const added = JSON.parse(stdout.trim().split('\n').pop()!) as {
    meterId: number;
    gatewayKey: string;
  };
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitReady(baseUrl, child);
  async function halt() {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
  return {
    baseUrl,
    pid: child.pid!,
    tenant: { ...tenant, meterId: added.meterId, gatewayKey: added.gatewayKey },
    async rssMb() {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
      return kb / 1024;
    },
    dataDir,
    halt,
    async stop() {
      await halt();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
