import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/node-flags.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningProduct {
  baseUrl: string;
  dataDir: string;
  /** The demo gateway's ingest key, from the first start's log (needs LOG_LEVEL info or lower). */
  gatewayKey: string | undefined;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Runs against the fresh data directory before the server starts (PGlite has one process at a time). */
  beforeStart?: (dataDir: string, env: NodeJS.ProcessEnv) => Promise<void>;
}

/** The server's environment for a test run; `env` overrides it. */
function productEnv(port: number, dataDir: string, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DATABASE_URL: '',
    ...env,
  };
}

const GATEWAY_KEY_PATTERN = /"gatewayIngestKey":"([A-Za-z0-9_-]+)"/;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode} before it was ready:\n${log()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready within 60 s:\n${log()}`);
}

/**
 * Starts the product the way the README does (the server serving the built
 * client), on a free port and a fresh embedded database, so every test file
 * begins from a first start with the demo data seeded.
 */
export async function startProduct(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningProduct> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'wattboard-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  const childEnv = productEnv(port, dataDir, env);
  await options.beforeStart?.(dataDir, childEnv);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let gatewayKey: string | undefined;
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    gatewayKey ??= GATEWAY_KEY_PATTERN.exec(output)?.[1];
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  try {
    await waitUntilReady(baseUrl, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    get gatewayKey() {
      return gatewayKey;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
