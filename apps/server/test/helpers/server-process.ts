import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

/** A real `node apps/server/src/main.ts` (or a CLI) in its own process, with its output kept. */
export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

/** The environment of an embedded-database server on `dataDir`: no simulator, any free port. */
export function embeddedEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: '0',
    HOST: '127.0.0.1',
    SIMULATOR: 'off',
    SCRYPT_COST: '10',
    LOG_LEVEL: 'info',
  };
}

export function runNode(script: string, args: string[], env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { child, output: () => output, exited };
}

/** Waits until the process has printed `text`, failing early if it exits first. */
export async function waitForOutput(proc: ServerProcess, text: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!proc.output().includes(text)) {
    if (proc.child.exitCode !== null) {
      throw new Error(`exited with ${proc.child.exitCode} before "${text}":\n${proc.output()}`);
    }
    if (Date.now() > deadline) throw new Error(`no "${text}" within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
