// `node bench/profile-ingest.ts [pglite|postgres]`: the ingest bench's two traffic
// shapes with every statement timed, grouped by its first words, so the next
// change can aim at what costs. Not a test: it prints.
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import type { Db, Queryable } from '../apps/server/src/platform/db/db.ts';
import { openBenchDb, type BackendName } from './backends.ts';
import { benchIngest } from './ingest.ts';

const backend = (process.argv[2] ?? 'pglite') as BackendName;
const totals = new Map<string, { n: number; ms: number }>();
// Each traffic shape starts by creating its factory: statements are counted per shape.
let shape = 0;

function label(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim().slice(0, 70);
}

function timed(target: Queryable): Queryable {
  const time = async <T>(sql: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      if (sql.startsWith('INSERT INTO factories')) shape += 1;
      const key = `${shape} ${label(sql)}`;
      const entry = totals.get(key) ?? { n: 0, ms: 0 };
      entry.n += 1;
      entry.ms += performance.now() - started;
      totals.set(key, entry);
    }
  };
  return {
    query: (sql, params) => time(sql, () => target.query(sql, params)),
    exec: (sql) => time(sql, () => target.exec(sql)),
  };
}

const bench = await openBenchDb(backend);
const inner = bench.db;
const db: Db = {
  ...inner,
  ...timed(inner),
  transaction: (fn) => {
    const started = performance.now();
    return inner
      .transaction((tx) => fn(timed(tx)))
      .finally(() => {
        const entry = totals.get(`${shape} (transaction, whole)`) ?? { n: 0, ms: 0 };
        entry.n += 1;
        entry.ms += performance.now() - started;
        totals.set(`${shape} (transaction, whole)`, entry);
      });
  },
};
// PROFILE_CPU=file.cpuprofile also records a V8 CPU profile of the measured part only.
const session = process.env.PROFILE_CPU ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const started = performance.now();
const figures = await benchIngest({ ...bench, db });
const wall = performance.now() - started;
if (session) {
  const { profile } = await session.post('Profiler.stop');
  await writeFile(process.env.PROFILE_CPU!, JSON.stringify(profile));
}
await bench.dispose();
for (const f of figures) {
  console.log(
    `${f.pattern}: ${(f.pipelinePerSecond / f.rawPerSecond).toFixed(2)}× ` +
      `pipeline ${((1000 * f.readings) / f.pipelinePerSecond).toFixed(0)} ms, ` +
      `raw ${((1000 * f.readings) / f.rawPerSecond).toFixed(0)} ms (lag p50 ${f.lagP50Ms.toFixed(0)} ms, max ${f.lagMaxMs.toFixed(0)} ms)`,
  );
}
console.log(`\nwall ${wall.toFixed(0)} ms; statements by time:`);
for (const [key, { n, ms }] of [...totals].sort(
  (a, b) => a[0].charCodeAt(0) - b[0].charCodeAt(0) || b[1].ms - a[1].ms,
)) {
  console.log(`${ms.toFixed(0).padStart(7)} ms ${String(n).padStart(6)}×  ${key}`);
}
