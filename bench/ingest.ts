import type { Db } from '../apps/server/src/platform/db/db.ts';
import { ingestReadings } from '../apps/server/src/modules/ingest/ingest-readings.ts';
import { startRollupWorker } from '../apps/server/src/modules/rollups/rollup-worker.ts';
import type { BenchDb } from './backends.ts';
import { createBenchFactory, wireReadings } from './fixture.ts';

export interface IngestFigures {
  pattern: string;
  readings: number;
  pipelinePerSecond: number;
  rawPerSecond: number;
  /** Acknowledgement → rollups (and latest values) include the batch, ms: p50 and max. */
  lagP50Ms: number;
  lagMaxMs: number;
  /**
   * The same ratio in this process's CPU time (pipeline / raw). On PGlite all the
   * work runs in this process, so it holds steady on a loaded machine where the
   * wall-clock ratio swings by ±0.3 from run to run; on PostgreSQL the server's
   * share is not in it, so it is left out there.
   */
  cpuRatio: number | null;
}

const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

const RAW_COLUMNS = 9;

/** The same rows, straight into a copy of the readings table: the floor to compare with. */
async function rawInsert(
  db: Db,
  rows: Record<string, unknown>[],
  nodeIds: Map<string, number>,
  factoryId: number,
) {
  const params: unknown[] = [];
  const tuples = rows.map((r, i) => {
    params.push(
      factoryId,
      nodeIds.get(r.serial as string),
      r.ts,
      JSON.stringify(r.phases),
      Object.values(r.phases as Record<string, { kw: number }>).reduce((s, p) => s + p.kw, 0),
      r.kwhForward,
      r.kwhReverse,
      r.frequency,
      r.temperature,
    );
    const base = i * RAW_COLUMNS;
    return `(${Array.from({ length: RAW_COLUMNS }, (_, k) => `$${base + k + 1}`).join(', ')})`;
  });
  await db.query(
    `INSERT INTO bench_raw_readings
       (factory_id, node_id, ts, phases, kw, kwh_forward, kwh_reverse, frequency, temperature)
     VALUES ${tuples.join(', ')}`,
    params,
  );
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/**
 * Readings/s through the whole ingest pipeline (validate, store and mark,
 * acknowledged) vs a raw multi-row insert of the same rows in the same batches,
 * for two shapes of traffic: live (one reading per node per minute) and bulk
 * (1,000 a batch). The rollup worker runs as in the server; each batch's lag is
 * the time from its acknowledgement until the rollups include it.
 */
export async function benchIngest({ db }: BenchDb): Promise<IngestFigures[]> {
  await db.exec('CREATE TABLE bench_raw_readings (LIKE readings INCLUDING ALL)');
  const figures: IngestFigures[] = [];
  const patterns = [
    { pattern: 'live: 40 nodes, 1 reading each a minute', minutes: 120, batch: 40 },
    { pattern: 'bulk: batches of 1,000 readings', minutes: 600, batch: 1000 },
  ];
  for (const [index, { pattern, minutes, batch }] of patterns.entries()) {
    const factory = await createBenchFactory(db, `ingest${index}`, 8, 4);
    const nodeIds = new Map(factory.metered.map((n) => [n.serial, n.id]));
    const start = Math.floor(Date.now() / 60_000) * 60_000 - (minutes + 5) * 60_000;
    const rows = wireReadings(factory.metered, start, start + minutes * 60_000, 60_000, new Map());
    const batches = chunks(rows, batch);

    const lags: number[] = [];
    const worker = startRollupWorker(db, {
      onError: (error) => console.error('rollup worker:', error),
      onDrained: (_factoryId, lagsMs) => lags.push(...lagsMs),
    });
    const pipelineCpu = cpuSeconds();
    const pipelineStart = performance.now();
    for (const readings of batches) {
      const result = await ingestReadings(db, factory.factoryId, readings);
      if (result.accepted !== readings.length) {
        throw new Error(
          `pipeline rejected readings: ${JSON.stringify(result.rejected.slice(0, 3))}`,
        );
      }
    }
    const pipelineSeconds = (performance.now() - pipelineStart) / 1000;
    const pipelineCpuSeconds = cpuSeconds() - pipelineCpu;
    await worker.settle(factory.factoryId);
    await worker.stop();
    const lagMs = lags.sort((a, b) => a - b);

    const rawCpu = cpuSeconds();
    const rawStart = performance.now();
    for (const readings of batches) await rawInsert(db, readings, nodeIds, factory.factoryId);
    const rawSeconds = (performance.now() - rawStart) / 1000;
    const rawCpuSeconds = cpuSeconds() - rawCpu;

    figures.push({
      pattern,
      readings: rows.length,
      pipelinePerSecond: rows.length / pipelineSeconds,
      rawPerSecond: rows.length / rawSeconds,
      lagP50Ms: percentile(lagMs, 0.5),
      lagMaxMs: lagMs.at(-1) ?? 0,
      cpuRatio: db.kind === 'pglite' ? rawCpuSeconds / pipelineCpuSeconds : null,
    });
  }
  return figures;
}
