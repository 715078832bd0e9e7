import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/platform/node-flags.ts';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A server process started the README's way on its own port and data directory. */
export interface ServerProcess {
  baseUrl: string;
  /** The newest 20,000 characters it printed. */
  output(): string;
  /** Resolves once its output matches (checked as it prints); rejects if it exits first. */
  printed(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
  /** SIGTERM (a graceful shutdown, which releases the data directory), SIGKILL after 10 s. */
  stop(): Promise<void>;
}

/** The server's environment for a test run; `env` overrides it. */
export function productEnv(
  port: number,
  dataDir: string,
  env: Record<string, string>,
): NodeJS.ProcessEnv {
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

export async function freePort(): Promise<number> {
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

/** Starts `src/main.ts` with the server's V8 flags and resolves once /readyz answers. */
export async function launchServer(port: number, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const baseUrl = `http://localhost:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const watchers = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    for (const watch of watchers) watch();
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
    output: () => output,
    printed: (pattern, timeoutMs) =>
      new Promise((resolve, reject) => {
        const finish = (outcome: () => void) => {
          watchers.delete(watch);
          clearTimeout(timer);
          child.off('exit', exited);
          outcome();
        };
        const watch = () => {
          const found = pattern.exec(output);
          if (found) finish(() => resolve(found));
        };
        const exited = () => finish(() => reject(new Error(`server exited:\n${output}`)));
        const timer = setTimeout(
          () => finish(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output}`))),
          timeoutMs,
        );
        watchers.add(watch);
        child.once('exit', exited);
        watch();
      }),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
