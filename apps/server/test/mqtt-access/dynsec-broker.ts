import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

function which(binary: string, extra: string[] = []): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), ...extra];
  for (const dir of dirs) {
    const candidate = path.join(dir, binary);
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

export interface DynsecTools {
  mosquitto: string;
  ctrl: string;
  plugin: string;
}

/** The broker, mosquitto_ctrl and the plugin, or why they cannot be used here. */
export function findDynsecTools(): DynsecTools | { missing: string } {
  const mosquitto = which('mosquitto', ['/usr/sbin', '/usr/local/sbin']);
  const ctrl = which('mosquitto_ctrl');
  const plugin = process.env.MOSQUITTO_DYNSEC_PLUGIN ?? PLUGIN;
  const missing = [
    mosquitto ? null : 'mosquitto',
    ctrl ? null : 'mosquitto_ctrl',
    existsSync(plugin) ? null : plugin,
  ].filter((m): m is string => m !== null);
  if (missing.length > 0) return { missing: missing.join(', ') };
  return { mosquitto: mosquitto!, ctrl: ctrl!, plugin };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface DynsecBroker {
  port: number;
  /** mqtt://admin:<pw>@127.0.0.1:<port>: the plugin's admin account (MQTT_ADMIN_URL). */
  adminUrl: string;
  /** mqtt://user:password@127.0.0.1:<port> */
  urlFor(username: string, password: string): string;
  stop(): Promise<void>;
}

/**
 * A Mosquitto of this test's own: a free port on 127.0.0.1, no anonymous clients, the
 * dynamic-security plugin with a fresh file made by `mosquitto_ctrl dynsec init`.
 */
export async function startDynsecBroker(tools: DynsecTools): Promise<DynsecBroker> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wattboard-dynsec-'));
  const adminPassword = `admin-${Math.random().toString(36).slice(2)}`;
  const dynsecFile = path.join(dir, 'dynamic-security.json');
  await run(tools.ctrl, ['dynsec', 'init', dynsecFile, 'admin', adminPassword]);
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `plugin ${tools.plugin}`,
      `plugin_opt_config_file ${dynsecFile}`,
      // Started as root, Mosquitto would switch to the mosquitto user, who cannot read our temp dir.
      ...(process.getuid?.() === 0 ? ['user root'] : []),
      'log_type none',
    ].join('\n') + '\n',
  );
  const child: ChildProcess = spawn(tools.mosquitto, ['-c', conf], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitFor(`mosquitto on port ${port}`, async () => {
    if (child.exitCode !== null) throw new Error(`mosquitto exited with ${child.exitCode}`);
    return portOpen(port);
  });
  const urlFor = (username: string, password: string) =>
    `mqtt://${encodeURIComponent(username)}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  return {
    port,
    adminUrl: urlFor('admin', adminPassword),
    urlFor,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
