// `npm run bench`: the budgets (docs/product/budgets.md) that a benchmark measures, as
// ratios taken in one run so machine noise cancels out. Not a test: it prints.
import { readFileSync } from 'node:fs';
import { openBenchDb, postgresUrl, type BackendName } from './backends.ts';
import { benchCalls } from './calls.ts';
import { benchIngest } from './ingest.ts';
import { benchHistoryImport } from './history-import.ts';
import { benchHub } from './hub.ts';
import { benchDemand } from './demand.ts';
import { reportAlertDelivery, reportWaste } from './report-opt-in.ts';
import { reportGateway } from './report-gateway.ts';
import { reportDashboard } from './dashboard-throughput.ts';
import { reportReportBench } from './report-run.ts';
import { formatMs, formatRatio, printTable } from './stats.ts';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 150);
// BENCH_PARTS=calls (or ingest) runs one part while working on it. BENCH_PARTS=waste (the
// waste finder against labelled cases, issue #27) and BENCH_PARTS=alerts (alarm → webhook,
// issue #28, about 30 s with both databases) and BENCH_PARTS=gateway (issue #25's gateway, about
// 4 minutes) are not in the default list: ask for them.
const parts = new Set(
  (process.env.BENCH_PARTS ?? 'ingest,import,calls,dashboard,report,hub,demand').split(','),
);
const hubClients = Number(process.env.BENCH_HUB_CLIENTS ?? 5000);
const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL;
const backends: BackendName[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
if (!postgresUrl) {
  console.log(
    'PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it too)',
  );
}

if (parts.has('demand')) reportDemand(Number(process.env.BENCH_DEMAND_DAYS ?? 7));
if (parts.has('waste')) reportWaste();

for (const backend of backends) {
  if (parts.has('ingest')) await reportIngest(backend);
  if (parts.has('import')) await reportHistoryImport(backend);
  if (parts.has('calls')) await reportCalls(backend);
  if (parts.has('report'))
    await reportReportBench(backend, Number(process.env.BENCH_REPORT_ITERATIONS ?? 20));
  if (parts.has('alerts')) await reportAlertDelivery(backend);
}
if (parts.has('dashboard')) {
  await reportDashboard();
  if (postgresUrl) await reportDashboard(postgresUrl);
}
if (parts.has('gateway')) await reportGateway();
if (parts.has('hub')) {
  await reportHub('in-process fan-out', {}, true);
  // Memory per connection does not depend on the backplane: the Redis run measures latency only.
  if (redisUrl) await reportHub('Redis backplane', { REDIS_URL: redisUrl }, false);
  else
    console.log(
      '\nHub over Redis: skipped (set BENCH_REDIS_URL or TEST_REDIS_URL to measure it too)',
    );
}

async function reportHub(label: string, env: Record<string, string>, withCapacity: boolean) {
  const samples = Number(process.env.BENCH_HUB_SAMPLES ?? 40);
  const processes = Number(process.env.BENCH_HUB_PROCESSES ?? 4);
  const steps = withCapacity
    ? (process.env.BENCH_HUB_CAPACITY ?? '10000,20000').split(',').map(Number)
    : [];
  console.log(
    `\n## Hub (${label}, embedded database, server in its own process, clients in ${processes}): ` +
      `ingest → AlertReceived at ${hubClients} clients, ${samples} alerts ` +
      `(budget: p99 < 100 ms at 5,000 clients; load ${loadAverage()})`,
  );
  const f = await benchHub(hubClients, samples, steps, env, processes);
  console.log(`load after: ${loadAverage()}`);
  printTable(
    [
      'clients',
      'p50 ms',
      'p99 ms',
      'slowest client p50 ms',
      'slowest client p99 ms',
      'ingest answered p50 ms',
    ],
    [
      [
        String(f.clients),
        formatMs(f.p50),
        formatMs(f.p99),
        formatMs(f.lastClientP50),
        formatMs(f.lastClientP99),
        formatMs(f.ingestAnsweredP50),
      ],
    ],
  );
  if (!withCapacity) return;
  console.log(
    `\nConnections one server holds (budget: 20,000 at < 15 KB each; before any client: RSS ` +
      `${f.base.rssMb.toFixed(0)} MB, V8 heap ${f.base.heapMb.toFixed(0)} MB; ` +
      `room for ${f.fdRoom} sockets under the server's descriptor limit):`,
  );
  printTable(
    [
      'connected',
      'failed',
      'server RSS MB',
      'KB per connection (RSS)',
      'V8 heap KB per connection',
    ],
    // Everything the server gained since before the first client, divided by the clients:
    // PGlite's own memory moves by tens of MB, which at 20,000 is ~1 KB per connection.
    f.capacity.map((c) => [
      String(c.clients),
      String(c.failed),
      c.rssMb.toFixed(0),
      (((c.rssMb - f.base.rssMb) * 1024) / c.clients).toFixed(1),
      (((c.heapMb - f.base.heapMb) * 1024) / c.clients).toFixed(1),
    ]),
  );
}

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

async function reportIngest(backend: BackendName) {
  const ingestDb = await openBenchDb(backend);
  console.log(
    `\n## ${ingestDb.label}: ingest (budgets: live >= 0.5 ×, bulk >= 0.7 × raw insert; ` +
      `rollups visible <= 2,000 ms after the acknowledgement)`,
  );
  try {
    const figures = await benchIngest(ingestDb);
    printTable(
      [
        'traffic',
        'readings',
        'pipeline/s',
        'raw insert/s',
        'ratio',
        'lag p50 ms',
        'lag max ms',
        'CPU-time ratio',
      ],
      figures.map((f) => [
        f.pattern,
        String(f.readings),
        f.pipelinePerSecond.toFixed(0),
        f.rawPerSecond.toFixed(0),
        formatRatio(f.pipelinePerSecond / f.rawPerSecond),
        f.lagP50Ms.toFixed(0),
        f.lagMaxMs.toFixed(0),
        f.cpuRatio === null ? '—' : formatRatio(f.cpuRatio),
      ]),
    );
  } finally {
    await ingestDb.dispose();
  }
}

async function reportHistoryImport(backend: BackendName) {
  // A year for 50 meters (1.75 million rows) is BENCH_IMPORT_DAYS=365; a week keeps the run short.
  const meters = Number(process.env.BENCH_IMPORT_METERS ?? 50);
  const days = Number(process.env.BENCH_IMPORT_DAYS ?? 7);
  const importDb = await openBenchDb(backend);
  console.log(
    `\n## ${importDb.label}: history import, 15-minute interval CSV for ${meters} meters × ` +
      `${days} days in 1 MB chunks (issue #25: a year for 50 meters in minutes, constant memory)`,
  );
  try {
    const f = await benchHistoryImport(importDb, meters, days);
    printTable(
      [
        'rows',
        'accepted',
        'chunks',
        'rows/s',
        'year for 50 meters, min',
        'RSS before MB',
        'after 1st chunk',
        'after last',
        'RSS peak MB',
        'JS heap 1st / last MB',
      ],
      [
        [
          String(f.rows),
          String(f.accepted),
          String(f.chunks),
          f.rowsPerSecond.toFixed(0),
          (1_752_000 / f.rowsPerSecond / 60).toFixed(1),
          f.rssBeforeMb.toFixed(0),
          f.rssFirstChunkMb.toFixed(0),
          f.rssLastChunkMb.toFixed(0),
          f.rssPeakMb.toFixed(0),
          `${f.heapFirstChunkMb.toFixed(0)} / ${f.heapLastChunkMb.toFixed(0)}`,
        ],
      ],
    );
  } finally {
    await importDb.dispose();
  }
}

async function reportCalls(backend: BackendName) {
  const callsDb = await openBenchDb(backend);
  try {
    const { figures, readings } = await benchCalls(callsDb, iterations);
    console.log(
      `\n## ${callsDb.label}: dashboard calls, week vs year of history (${readings} readings stored; ` +
        `${iterations} runs each; budget: year p95 <= 1.3 × week p95)`,
    );
    printTable(
      ['call', 'week p50 ms', 'week p95 ms', 'year p50 ms', 'year p95 ms', 'p95 ratio'],
      figures.map((f) => [
        f.call,
        formatMs(f.week.p50),
        formatMs(f.week.p95),
        formatMs(f.year.p50),
        formatMs(f.year.p95),
        formatRatio(f.year.p95 / f.week.p95),
      ]),
    );
  } finally {
    await callsDb.dispose();
  }
}

function reportDemand(days: number) {
  console.log(
    `\n## Demand prediction (issue #15): ${days} days of the demo factory's minute readings, ` +
      'each block predicted at minute 5, 10 and 14 (absolute error vs the block demand)',
  );
  const rows = benchDemand(days, [1, 2, 3, 5, 0]);
  printTable(
    ['recent rate', 'minute', 'blocks', 'mean abs %', 'p95 abs %'],
    rows.map((r) => [
      r.window,
      String(r.minute),
      String(r.blocks),
      r.meanAbsPct.toFixed(2),
      r.p95AbsPct.toFixed(2),
    ]),
  );
}
