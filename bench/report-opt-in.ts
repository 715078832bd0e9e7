// The opt-in parts of `npm run bench` (not in the default BENCH_PARTS): the waste finder
// against labelled cases (issue #27) and alarm → webhook delivery under load (issue #28).
// The gateway's (issue #25) is in report-gateway.ts.
import { openBenchDb, type BackendName } from './backends.ts';
import { benchAlertDelivery } from './alert-delivery.ts';
import { benchWaste, type WasteBenchResult } from './waste.ts';
import { formatMs, printTable } from './stats.ts';

export async function reportAlertDelivery(backend: BackendName) {
  const options = {
    points: Number(process.env.BENCH_ALERT_POINTS ?? 10),
    alarms: Number(process.env.BENCH_ALERTS ?? 200),
    loadPoints: Number(process.env.BENCH_ALERT_LOAD_POINTS ?? 50),
    loadIntervalMs: Number(process.env.BENCH_ALERT_LOAD_MS ?? 100),
  };
  const alertDb = await openBenchDb(backend);
  console.log(
    `\n## ${alertDb.label}: alarm → signed webhook at a local receiver (issue #28; goal: p95 < ` +
      `2,000 ms), ${options.alarms} alarms on ${options.points} points while ` +
      `${options.loadPoints} other points send a reading every ${options.loadIntervalMs} ms`,
  );
  try {
    const f = await benchAlertDelivery(alertDb, options);
    printTable(
      [
        'alarms',
        'delivered',
        'lost',
        'duplicate',
        'bad signature',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        'p95 vs 2,000 ms',
        'ingest answered p50 ms',
        'load readings/s',
      ],
      [
        [
          String(f.alarms),
          String(f.delivered),
          String(f.lost),
          String(f.duplicates),
          String(f.badSignatures),
          formatMs(f.p50),
          formatMs(f.p95),
          formatMs(f.p99),
          formatMs(f.max),
          f.p95 < 2000 && f.lost === 0 && f.duplicates === 0 && f.badSignatures === 0
            ? 'met'
            : 'MISSED',
          formatMs(f.ingestAnsweredP50),
          f.loadPerSecond.toFixed(0),
        ],
      ],
    );
    console.log(`(${f.seconds.toFixed(1)} s of load, ${f.loadReadings} background readings)`);
  } finally {
    await alertDb.dispose();
  }
}

export function reportWaste() {
  const days = Number(process.env.BENCH_WASTE_DAYS ?? 90);
  const firstDay = process.env.BENCH_WASTE_FIRST_DAY ?? '2025-12-01';
  const seeds = (process.env.BENCH_WASTE_SEEDS ?? '20260321,1,2,3').split(',').map(Number);
  console.log(
    `\n## Waste finder (issue #27): ${days} demo days from ${firstDay}, labelled waste injected, ` +
      `2 meter outages per circuit (goal: >= 90 % of cases found within a day, <= 5 % false)`,
  );
  const results: Array<[string, WasteBenchResult]> = seeds.map((seed) => [
    String(seed),
    benchWaste({ firstDay, days, seed }),
  ]);
  const pct = (part: number, whole: number) =>
    whole === 0 ? '—' : ((100 * part) / whole).toFixed(1);
  const sum = (pick: (r: WasteBenchResult) => number) =>
    results.reduce((total, [, r]) => total + pick(r), 0);
  printTable(
    ['seed', 'cases', 'found', 'found %', 'findings', 'false', 'false %', 'standby', 'finder ms'],
    [
      ...results.map(([seed, r]) => [
        seed,
        String(r.cases),
        String(r.found),
        pct(r.found, r.cases),
        String(r.findings),
        String(r.falseFindings),
        pct(r.falseFindings, r.findings),
        String(r.standby.length),
        r.milliseconds.toFixed(0),
      ]),
      [
        'all',
        String(sum((r) => r.cases)),
        String(sum((r) => r.found)),
        pct(
          sum((r) => r.found),
          sum((r) => r.cases),
        ),
        String(sum((r) => r.findings)),
        String(sum((r) => r.falseFindings)),
        pct(
          sum((r) => r.falseFindings),
          sum((r) => r.findings),
        ),
        String(sum((r) => r.standby.length)),
        sum((r) => r.milliseconds).toFixed(0),
      ],
    ],
  );
  const iso = (t: number) => new Date(t + 8 * 3_600_000).toISOString().slice(0, 16);
  for (const [seed, r] of results) {
    for (const c of r.missed) {
      console.log(
        `seed ${seed}: missed ${c.kind} on point ${c.nodeId}, ${iso(c.from)} to ${iso(c.to)}`,
      );
    }
    for (const f of r.unexplained) {
      console.log(
        `seed ${seed}: false ${f.kind} on point ${f.pointId}, ${iso(f.start)} to ${iso(f.end)}, ` +
          `${f.kwh.toFixed(1)} kWh`,
      );
    }
  }
  console.log(
    "(Standby findings are the demo's modelled idle draws, not injected cases: not scored.)",
  );
}
