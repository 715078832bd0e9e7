import { ZoneClock } from '@wattboard/zone-time';
import { importChunk } from '../apps/server/src/modules/history-import/chunk.ts';
import type { BenchDb } from './backends.ts';
import { createBenchFactory } from './fixture.ts';

export interface ImportFigures {
  meters: number;
  days: number;
  rows: number;
  accepted: number;
  chunks: number;
  rowsPerSecond: number;
  /** Resident memory before the import and its peak during it, MB. */
  rssBeforeMb: number;
  rssPeakMb: number;
  /** RSS after the first chunk and after the last: constant memory keeps them close. */
  rssFirstChunkMb: number;
  rssLastChunkMb: number;
  /** The JS heap after the first and the last chunk: the import's own memory, without PGlite's WebAssembly heap. */
  heapFirstChunkMb: number;
  heapLastChunkMb: number;
}

/** Chunk size the web client aims for (apps/web history-import chunking), in characters. */
const CHUNK_CHARS = 1_000_000;
const QUARTER_MS = 15 * 60_000;

/**
 * A utility-style interval export (time, meter, kWh per 15 minutes) for
 * `meters` meters over `days` days ending at the last whole day, cut into
 * chunks of whole lines with the header first, as the web client sends it.
 * Generated lazily, so the file is never whole in memory either.
 */
function* intervalChunks(serials: readonly string[], days: number) {
  const header = 'Interval end,Meter,kWh';
  const end = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const start = end - days * 86_400_000;
  let lines: string[] = [];
  let chars = header.length;
  let firstRow = 1;
  let row = 1;
  for (let ts = start + QUARTER_MS; ts <= end; ts += QUARTER_MS) {
    const time = new Date(ts).toISOString();
    for (const [i, serial] of serials.entries()) {
      // A believable load: a base per meter and a day shape, to 0.001 kWh.
      const hour = new Date(ts).getUTCHours();
      const kwh = ((20 + i) * (hour >= 0 && hour < 10 ? 1.2 : 0.6)) / 4;
      const line = `${time},${serial},${kwh.toFixed(3)}`;
      if (chars + line.length + 1 > CHUNK_CHARS) {
        yield { firstRow, csv: [header, ...lines].join('\n') };
        firstRow = row;
        lines = [];
        chars = header.length;
      }
      lines.push(line);
      chars += line.length + 1;
      row += 1;
    }
  }
  if (lines.length > 0) yield { firstRow, csv: [header, ...lines].join('\n') };
}

/** Imports `days` of 15-minute interval energy for `meters` meters, chunk by chunk, in order. */
export async function benchHistoryImport(
  bench: BenchDb,
  meters: number,
  days: number,
): Promise<ImportFigures> {
  const factory = await createBenchFactory(bench.db, `import-${meters}x${days}`, meters, 0);
  const serials = factory.metered.map((node) => node.serial);
  const clock = new ZoneClock('Asia/Taipei');
  const rssBeforeMb = process.memoryUsage().rss / 2 ** 20;
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, process.memoryUsage().rss / 2 ** 20);
  }, 50);
  let rows = 0;
  let accepted = 0;
  let chunks = 0;
  let rssFirstChunkMb = 0;
  let heapFirstChunkMb = 0;
  const started = performance.now();
  try {
    for (const chunk of intervalChunks(serials, days)) {
      const outcome = await importChunk(
        bench.db,
        factory.factoryId,
        {
          format: 'interval',
          mapping: { time: 'Interval end', serial: 'Meter', kwh: 'kWh' },
          intervalMinutes: 15,
          intervalTime: 'end',
          firstRow: chunk.firstRow,
          csv: chunk.csv,
        },
        { clock },
      );
      if ('problem' in outcome) throw new Error(`chunk ${chunks + 1}: ${outcome.problem}`);
      if (outcome.refused.length > 0) {
        throw new Error(`chunk ${chunks + 1} refused rows: ${outcome.refused[0]!.reason}`);
      }
      rows += outcome.rows;
      accepted += outcome.accepted;
      chunks += 1;
      if (chunks === 1) {
        // With --expose-gc the heap is measured after a collection, so it shows what is kept.
        (globalThis as { gc?: () => void }).gc?.();
        rssFirstChunkMb = process.memoryUsage().rss / 2 ** 20;
        heapFirstChunkMb = process.memoryUsage().heapUsed / 2 ** 20;
      }
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    meters,
    days,
    rows,
    accepted,
    chunks,
    rowsPerSecond: rows / seconds,
    rssBeforeMb,
    rssPeakMb: Math.max(rssPeakMb, process.memoryUsage().rss / 2 ** 20),
    rssFirstChunkMb,
    rssLastChunkMb: process.memoryUsage().rss / 2 ** 20,
    heapFirstChunkMb,
    heapLastChunkMb: (() => {
      (globalThis as { gc?: () => void }).gc?.();
      return process.memoryUsage().heapUsed / 2 ** 20;
    })(),
  };
}
