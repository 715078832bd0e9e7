// The soak's own PostgreSQL, Redis and Mosquitto, on free ports in a temp dir,
// so the machine's shared services (and other people's tests) are never touched.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdir, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { waitFor } from './wait.ts';

const run = promisify(execFile);

export interface Service {
  name: string;
  url: string;
  /** Stops it (gracefully: a broker saves its persisted sessions). */
  stop(): Promise<void>;
  start(): Promise<void>;
}

function which(binary: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':').concat('/usr/sbin', '/sbin')) {
    if (dir && existsSync(join(dir, binary))) return join(dir, binary);
  }
  return null;
}

function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

/** Names every missing binary, so the soak can stop before starting anything. */
export function missingBinaries(): string[] {
  const missing = ['redis-server', 'mosquitto'].filter((b) => !which(b));
  if (!postgresBin()) missing.push('PostgreSQL initdb/pg_ctl (/usr/lib/postgresql/*/bin)');
  if (process.getuid?.() === 0 && !which('runuser')) missing.push('runuser');
  return missing;
}

export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** A long-running binary restarted on the same port and files. */
function daemon(name: string, url: string, port: number, command: string, args: string[]) {
  let child: ChildProcess | undefined;
  const service: Service = {
    name,
    url,
    async start() {
      child = spawn(command, args, { stdio: 'ignore' });
      await waitFor(`${name} listening on ${port}`, () => portOpen(port), 30_000);
    },
    async stop() {
      const current = child;
      if (!current || current.exitCode !== null) return;
      const exited = new Promise((resolve) => current.once('exit', resolve));
      current.kill('SIGTERM');
      await exited;
      await waitFor(`${name} port ${port} closed`, async () => !(await portOpen(port)), 15_000);
    },
  };
  return service;
}

export async function startRedis(port: number): Promise<Service> {
  const redis = daemon('Redis', `redis://127.0.0.1:${port}`, port, which('redis-server')!, [
    ...['--port', String(port), '--bind', '127.0.0.1'],
    ...['--save', '', '--appendonly', 'no'],
  ]);
  await redis.start();
  return redis;
}

/** Persistence on: a restarted broker keeps the sessions and the QoS 1 messages queued for them. */
export async function startMosquitto(port: number, dir: string): Promise<Service> {
  const conf = join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${dir}/`,
      'max_queued_messages 0',
      'max_inflight_messages 100',
      'log_type none',
    ].join('\n') + '\n',
  );
  const broker = daemon('Mosquitto', `mqtt://127.0.0.1:${port}`, port, which('mosquitto')!, [
    '-c',
    conf,
  ]);
  await broker.start();
  return broker;
}

/** initdb + pg_ctl in `dir`; run as the postgres user when we are root (PostgreSQL refuses root). */
export async function startPostgres(port: number, dir: string): Promise<Service> {
  const bin = postgresBin()!;
  const asRoot = process.getuid?.() === 0;
  const data = join(dir, 'pgdata');
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args])
      : run(join(bin, tool), args);
  await mkdir(dir, { recursive: true });
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
    await chmod(dir, 0o700);
  }
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const service: Service = {
    name: 'PostgreSQL',
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pg('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'pg.log'), '-w', 'start']);
    },
    async stop() {
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
  };
  await service.start();
  return service;
}
