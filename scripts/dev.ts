// `npm run dev`: the API server (restarting on change, dev tools on) and the
// Vite dev server (hot reload, proxying API calls to the server) side by side.
import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../apps/server/src/platform/node-flags.ts';

const children: ChildProcess[] = [];

function run(name: string, command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout?.on('data', (c: Buffer) => process.stdout.write(prefix(c)));
  child.stderr?.on('data', (c: Buffer) => process.stderr.write(prefix(c)));
  child.on('exit', (code) => {
    console.info(`[${name}] exited with ${code}; stopping the rest`);
    shutdown(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

run('server', process.execPath, [...SERVER_NODE_FLAGS, '--watch', 'apps/server/src/main.ts'], {
  DEV_TOOLS: process.env.DEV_TOOLS ?? '1',
  NODE_ENV: 'development',
});
run('web', 'npm', ['run', 'dev', '-w', '@wattboard/web']);
