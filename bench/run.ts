// `npm run bench`: the budgets of DESIGN §13 that a benchmark measures, as
// ratios taken in one run so machine noise cancels out. Not a test: it prints.
import { openBenchDb, postgresUrl, type BackendName } from './backends.ts';
import { benchCalls } from './calls.ts';
import { benchIngest } from './ingest.ts';
import { formatMs, formatRatio, printTable } from './stats.ts';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 150);
// BENCH_PARTS=calls (or ingest) runs one part while working on it.
const parts = new Set((process.env.BENCH_PARTS ?? 'ingest,calls').split(','));
const backends: BackendName[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
if (!postgresUrl) {
  console.log(
    'PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure it too)',
  );
}

for (const backend of backends) {
  if (parts.has('ingest')) await reportIngest(backend);
  if (parts.has('calls')) await reportCalls(backend);
}

async function reportIngest(backend: BackendName) {
  const ingestDb = await openBenchDb(backend);
  console.log(`\n## ${ingestDb.label}: ingest (budget: pipeline >= 0.5 × raw insert)`);
  try {
    const figures = await benchIngest(ingestDb);
    printTable(
      ['traffic', 'readings', 'pipeline/s', 'raw insert/s', 'ratio'],
      figures.map((f) => [
        f.pattern,
        String(f.readings),
        f.pipelinePerSecond.toFixed(0),
        f.rawPerSecond.toFixed(0),
        formatRatio(f.pipelinePerSecond / f.rawPerSecond),
      ]),
    );
  } finally {
    await ingestDb.dispose();
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
