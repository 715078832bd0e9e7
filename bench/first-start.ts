// `node bench/first-start.ts`: the first-start budgets (docs/product/budgets.md), measured on the
// product as `npm start` runs it (a fresh data directory, the simulator's demo
// backfill): time from launch to the end of the backfill, and the server's RSS
// after it and after FIRST_START_STEADY_S seconds of live readings (default 300);
// then an ingest burst (FIRST_START_BURST readings, default 100,000, as a
// gateway uploads its buffer), a kill -9 right after the last answer and a
// restart on the same data, with RSS after each (bench/burst-readings.ts).
// With FIRST_START_DATABASE_URL it runs on a fresh database of that PostgreSQL
// server (created and dropped here) instead of the embedded one. Not a test: it prints.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { burstReadings, demoMeters } from './burst-readings.ts';
import { freshPostgresDatabase } from './backends.ts';
import { rssMb as rssOf, topMappings as mappingsOf, v8Figures as v8Of } from './process-memory.ts';
import { SERVER_NODE_FLAGS } from '../apps/server/src/platform/node-flags.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const steadySeconds = Number(process.env.FIRST_START_STEADY_S ?? 300);
const postgresUrl = process.env.FIRST_START_DATABASE_URL;
const port = Number(process.env.FIRST_START_PORT ?? 3999);
const burstCount = Number(process.env.FIRST_START_BURST ?? 100_000);
/** Issue #29: the embedded server's RSS at every point of the run (not judged on PostgreSQL). */
const RSS_BUDGET_MB = 450;
const restartSeconds = Number(process.env.FIRST_START_RESTART_S ?? 60);
// The server's V8 flags (src/node-flags.ts); FIRST_START_NODE_FLAGS="" compares without them.
const nodeFlags = process.env.FIRST_START_NODE_FLAGS?.split(' ').filter(Boolean) ?? [
  ...SERVER_NODE_FLAGS,
];

const dataDir = await mkdtemp(join(tmpdir(), 'wattboard-first-start-'));
const database = postgresUrl ? await freshPostgresDatabase(postgresUrl, 'wattboard_first') : null;
const launched = performance.now();
const launch = () =>
  spawn(process.execPath, [...nodeFlags, 'apps/server/src/main.ts'], {
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
let child = launch();

// Stopped early (Ctrl-C, a timeout): take the server down with us.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    child.kill('SIGTERM');
    process.exitCode = 1;
  });
}

const rssMb = () => rssOf(child.pid);
const topMappings = (count: number) => mappingsOf(child.pid, count);
const v8Figures = () => v8Of(port);

let peak = 0;
/** When the peak was sampled (s since launch), to tell which phase of the work it belongs to. */
let peakAt = '0.0';
/** The whole run's highest RSS (peak restarts with each phase). */
let runPeak = { mb: 0, at: '0.0' };
const sampler = setInterval(() => {
  rssMb().then(
    (mb) => {
      if (mb > peak) [peak, peakAt] = [mb, seconds()];
      if (mb > runPeak.mb) runPeak = { mb, at: seconds() };
    },
    () => undefined,
  );
}, 250);

const seconds = () => ((performance.now() - launched) / 1000).toFixed(1);
let gatewayKey: string | undefined;
let backfillDone: () => void = () => undefined;

/** Reads the server's log (which must be drained anyway): milestones, errors, the gateway key. */
function follow(server: typeof child) {
  createInterface({ input: server.stdout! }).on('line', (line) => {
    let entry: {
      msg?: string;
      level?: number;
      err?: unknown;
      perSecond?: number;
      accepted?: number;
      gatewayIngestKey?: string;
    };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      return;
    }
    const msg = entry.msg ?? '';
    gatewayKey ??= entry.gatewayIngestKey;
    if (msg.startsWith('Wattboard is running')) console.log(`${seconds()} s  listening`);
    if (msg.startsWith('simulator:')) console.log(`${seconds()} s  ${msg}`);
    if ((entry.level ?? 0) >= 50) console.log(JSON.stringify(entry.err ?? entry));
    if (msg === 'simulator: history backfill done') {
      console.log(`           accepted ${entry.accepted}, ${entry.perSecond} readings/s`);
      backfillDone();
    }
  });
}

const backfilled = new Promise<void>((resolve, reject) => {
  child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  backfillDone = resolve;
  follow(child);
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const base = `http://127.0.0.1:${port}`;

/** Sends the burst in the API's largest batches; returns once the last is acknowledged. */
async function sendBurst() {
  if (!gatewayKey) throw new Error('the first start logged no gateway key');
  // The 31 hours before the backfill's 90 days (at 70,000 readings), so every reading is new.
  const readings = burstReadings(
    demoMeters(),
    burstCount,
    new Date(Date.now() - 90 * 86_400_000 - 32 * 3_600_000),
  );
  for (let i = 0; i < readings.length; i += 5000) {
    const batch = readings.slice(i, i + 5000);
    const res = await fetch(`${base}/v1/Ingest/Readings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${gatewayKey}` },
      body: JSON.stringify({ readings: batch }),
    });
    const body = (await res.json()) as { accepted?: number };
    if (!res.ok || body.accepted !== batch.length) {
      throw new Error(`burst batch answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    }
  }
}

/** kill -9, then the same data started again: RSS once it answers, and after restartSeconds. */
async function killAndRestart() {
  const killed = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await killed;
  peak = 0;
  const started = performance.now();
  child = launch();
  follow(child);
  while (
    !(await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await pause(200);
  const ready = ((performance.now() - started) / 1000).toFixed(1);
  await pause(2000);
  console.log(
    `\nrestart after kill -9: ready in ${ready} s; RSS 2 s after ${(await rssMb()).toFixed(0)} MB`,
  );
  await pause(restartSeconds * 1000);
  console.log(
    `RSS ${restartSeconds} s after the restart: ${(await rssMb()).toFixed(0)} MB (peak ${peak.toFixed(0)} MB at ${peakAt} s)\n` +
      `${await v8Figures()}\n${await topMappings(5)}`,
  );
}

try {
  await backfilled;
  const launchToBackfill = seconds();
  // The rollups of the last batches follow within a second or two (the worker's lag).
  await new Promise((r) => setTimeout(r, 2000));
  const afterBackfill = await rssMb();
  console.log(
    `\nlaunch → end of backfill: ${launchToBackfill} s; RSS 2 s after it ${afterBackfill.toFixed(0)} MB` +
      ` (peak so far ${peak.toFixed(0)} MB at ${peakAt} s)\n${await v8Figures()}\n${await topMappings(5)}`,
  );
  if (steadySeconds > 0) {
    await new Promise((r) => setTimeout(r, steadySeconds * 1000));
    console.log(
      `RSS after ${steadySeconds} s steady: ${(await rssMb()).toFixed(0)} MB (peak ${peak.toFixed(0)} MB at ${peakAt} s)\n` +
        `${await v8Figures()}\n${await topMappings(5)}`,
    );
  }
  if (burstCount > 0) {
    const sent = performance.now();
    await sendBurst();
    console.log(
      `\nburst: ${burstCount} readings acknowledged in ${((performance.now() - sent) / 1000).toFixed(1)} s;` +
        ` RSS right after ${(await rssMb()).toFixed(0)} MB (peak ${peak.toFixed(0)} MB at ${peakAt} s)\n${await v8Figures()}`,
    );
    await killAndRestart();
  }
  const verdict = postgresUrl
    ? 'PostgreSQL holds the data: not judged'
    : `${runPeak.mb <= RSS_BUDGET_MB ? 'within' : 'OVER'} the ${RSS_BUDGET_MB} MB budget`;
  console.log(
    `\nhighest RSS of the run: ${runPeak.mb.toFixed(0)} MB at ${runPeak.at} s (${verdict})`,
  );
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
