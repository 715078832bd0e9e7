// `node bench/first-start.ts`: DESIGN §13's first-start budgets, measured on the
// product as `npm start` runs it (a fresh data directory, the simulator's demo
// backfill): time from launch to the end of the backfill, and the server's RSS
// after it and after FIRST_START_STEADY_S seconds of live readings (default 300).
// With FIRST_START_DATABASE_URL it runs on a fresh database of that PostgreSQL
// server (created and dropped here) instead of the embedded one. Not a test: it prints.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const steadySeconds = Number(process.env.FIRST_START_STEADY_S ?? 300);
const postgresUrl = process.env.FIRST_START_DATABASE_URL;
const port = Number(process.env.FIRST_START_PORT ?? 3999);

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database on the same server, and its URL. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `wattboard_first_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE ${name} WITH (FORCE)`) };
}

const dataDir = await mkdtemp(join(tmpdir(), 'wattboard-first-start-'));
const database = postgresUrl ? await freshPostgres() : null;
const launched = performance.now();
const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
  cwd: repoRoot,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    PORT: String(port),
    LOG_LEVEL: 'info',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});

// Stopped early (Ctrl-C, a timeout): take the server down with us.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    child.kill('SIGTERM');
    process.exitCode = 1;
  });
}

async function rssMb(): Promise<number> {
  const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** The server's largest mappings by resident size (what holds the memory). */
async function topMappings(count: number): Promise<string> {
  const lines = (await readFile(`/proc/${child.pid}/smaps`, 'utf8')).split('\n');
  const maps: { name: string; rss: number; size: number }[] = [];
  for (const line of lines) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const size = (parseInt(head[2]!, 16) - parseInt(head[1]!, 16)) / 1048576;
      maps.push({ name: head[3] || '[anon]', rss: 0, size });
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length > 0) maps.at(-1)!.rss = Number(rss[1]) / 1024;
  }
  return maps
    .sort((a, b) => b.rss - a.rss)
    .slice(0, count)
    .map(
      (m) =>
        `  ${m.rss.toFixed(0).padStart(5)} MB of ${m.size.toFixed(0).padStart(6)} MB ${m.name}`,
    )
    .join('\n');
}

/** V8's share, from the server's own /metrics: heap total and used, external (PGlite's WASM memory). */
async function v8Figures(): Promise<string> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const mb = (name: string) => {
      const value = new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1];
      return value === undefined ? '?' : (Number(value) / 1048576).toFixed(0);
    };
    return (
      `  V8 heap ${mb('nodejs_heap_size_total_bytes')} MB (used ${mb('nodejs_heap_size_used_bytes')}),` +
      ` external ${mb('nodejs_external_memory_bytes')} MB`
    );
  } catch (error) {
    return `  /metrics: ${String(error)}`;
  }
}

let peak = 0;
const sampler = setInterval(() => {
  rssMb().then(
    (mb) => (peak = Math.max(peak, mb)),
    () => undefined,
  );
}, 250);

const seconds = () => ((performance.now() - launched) / 1000).toFixed(1);
const backfilled = new Promise<void>((resolve, reject) => {
  child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let entry: {
      msg?: string;
      level?: number;
      err?: unknown;
      perSecond?: number;
      accepted?: number;
    };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      return;
    }
    const msg = entry.msg ?? '';
    if (msg.startsWith('Wattboard is running')) console.log(`${seconds()} s  listening`);
    if (msg.startsWith('simulator:')) console.log(`${seconds()} s  ${msg}`);
    if ((entry.level ?? 0) >= 50) console.log(JSON.stringify(entry.err ?? entry));
    if (msg === 'simulator: history backfill done') {
      console.log(`           accepted ${entry.accepted}, ${entry.perSecond} readings/s`);
      resolve();
    }
  });
});

try {
  await backfilled;
  const launchToBackfill = seconds();
  // The rollups of the last batches follow within a second or two (the worker's lag).
  await new Promise((r) => setTimeout(r, 2000));
  const afterBackfill = await rssMb();
  console.log(
    `\nlaunch → end of backfill: ${launchToBackfill} s; RSS 2 s after it ${afterBackfill.toFixed(0)} MB` +
      ` (peak so far ${peak.toFixed(0)} MB)\n${await v8Figures()}\n${await topMappings(5)}`,
  );
  if (steadySeconds > 0) {
    await new Promise((r) => setTimeout(r, steadySeconds * 1000));
    console.log(
      `RSS after ${steadySeconds} s steady: ${(await rssMb()).toFixed(0)} MB (peak ${peak.toFixed(0)} MB)\n` +
        `${await v8Figures()}\n${await topMappings(5)}`,
    );
  }
} finally {
  clearInterval(sampler);
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
  await database?.drop();
}
