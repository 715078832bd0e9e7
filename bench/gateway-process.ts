import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const gatewayMain = fileURLToPath(new URL('../apps/gateway/src/main.ts', import.meta.url));
/** The flags of the gateway's `npm start` (apps/gateway/package.json): measured as deployed. */
const GATEWAY_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=15'];
/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s. */
const TICKS_PER_SECOND = 100;

export interface GatewayProcess {
  pid: number;
  /** User + system CPU seconds the gateway process has used so far. */
  cpuSeconds(): number;
  /** Resident memory now and its peak (VmHWM) over the process's life, MB. */
  rssMb(): { now: number; peak: number };
  /** Everything the gateway logged (stderr and stdout). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * The real gateway (its main, with its start flags) in its own process, so the CPU and memory read
 * from /proc are its own and not the bench's, which runs the meters and the measuring.
 * `dir` is its working directory: the configuration file, its queue and its config cache go there.
 */
export function startGatewayProcess(
  dir: string,
  config: Record<string, unknown>,
  nodeFlags: readonly string[] = [],
): GatewayProcess {
  const file = join(dir, 'gateway.json');
  writeFileSync(file, JSON.stringify(config));
  const child = spawn(process.execPath, [...GATEWAY_NODE_FLAGS, ...nodeFlags, gatewayMain, file], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const pid = child.pid!;
  return {
    pid,
    cpuSeconds() {
      // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    },
    rssMb() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1]);
      return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
    },
    log: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The 1-minute, 5-minute and 15-minute load averages, printed beside each figure. */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
