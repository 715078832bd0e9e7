import { openBenchDb, type BackendName } from './backends.ts';
import { benchReport } from './report.ts';
import { formatMs, formatRatio, printTable } from './stats.ts';

/** Prints the Report part of `npm run bench` (BENCH_REPORT_DAYS, default 365). */
export async function reportReportBench(backend: BackendName, iterations: number): Promise<void> {
  const days = Number(process.env.BENCH_REPORT_DAYS ?? 365);
  const bench = await openBenchDb(backend);
  try {
    const { calls, exports, readings } = await benchReport(bench, iterations, days);
    console.log(
      `\n## ${bench.label}: Report calls, one meter with 4 circuits, ${days} days of 1-minute ` +
        `readings (${readings} stored; ${iterations} runs each)`,
    );
    const dayPage = calls.find((c) => c.call.startsWith('Report, day, page'));
    printTable(
      ['call', 'rows', 'p50 ms', 'p95 ms', 'p95 vs day page'],
      calls.map((c) => [
        c.call,
        String(c.rows),
        formatMs(c.p50),
        formatMs(c.p95),
        dayPage ? formatRatio(c.p95 / dayPage.p95) : 'n/a',
      ]),
    );
    console.log(
      `\n## ${bench.label}: Report exports of the whole range over HTTP (zh-TW headers; RSS of ` +
        'the server process, the embedded database included)',
    );
    printTable(
      ['format', 'rows', 'seconds', 'rows/s', 'MB', 'RSS before MB', 'RSS peak MB', 'growth MB'],
      exports.map((e) => [
        e.format,
        String(e.rows),
        e.seconds.toFixed(1),
        (e.rows / e.seconds).toFixed(0),
        e.megabytes.toFixed(0),
        e.rssBeforeMb.toFixed(0),
        e.rssPeakMb.toFixed(0),
        (e.rssPeakMb - e.rssBeforeMb).toFixed(0),
      ]),
    );
  } finally {
    await bench.dispose();
  }
}
