// `node bench/cost-read.ts [pglite|postgres]`: how long pricing energy at read
// time takes (issue #15: cost is not stored in the rollups). Ten nodes with a
// year of 15-minute rollups, priced by the default tariff per interval; the
// last row reads one node's year of rows unpriced, for comparison. Issue #24:
// the same ten nodes as billing points, a year of bills each in the bill's
// lines (Admin › Bills) and the contract-capacity advice. Not a test:
// it prints medians of 5 (upper bounds on a loaded machine).
import { DEFAULT_TARIFF, NO_OTHER_CONTRACTS } from '@wattboard/contract';
import { TariffSchedule } from '../apps/server/src/modules/cost/calc/tariff-schedule.ts';
import type { InstantRange } from '../apps/server/src/modules/monitor/calc/time-range.ts';
import { datesBetween, ZoneClock } from '@wattboard/zone-time';
import { pricedNodes } from '../apps/server/src/modules/cost/repo/priced-range.ts';
import { rollupRows } from '../apps/server/src/modules/rollups/repo/rollups.ts';
import { periodBills } from '../apps/server/src/modules/cost/repo/period-bill.ts';
import { advisorPeriods } from '../apps/server/src/modules/cost/repo/advisor-periods.ts';
import { cheapestCapacity } from '../apps/server/src/modules/cost/calc/capacity-advisor.ts';
import { advisorPeriod } from '../apps/server/src/modules/cost/calc/advisor-period.ts';
import {
  advisableTypes,
  cheapestCombination,
} from '../apps/server/src/modules/cost/calc/combination-advisor.ts';
import {
  billingPeriodOf,
  previousBillingPeriod,
} from '../apps/server/src/modules/billing/index.ts';
import { openBenchDb, type BackendName } from './backends.ts';
import { formatMs, percentile, printTable } from './stats.ts';

const backend = (process.argv[2] ?? 'pglite') as BackendName;
const NODES = 10;
const clock = new ZoneClock('Asia/Taipei');
const schedule = new TariffSchedule([
  { id: 1, validFrom: '2000-01-01', definition: DEFAULT_TARIFF },
]);

const bench = await openBenchDb(backend);
const { db } = bench;
try {
  const [factory] = await db.query<{ id: number }>(
    `INSERT INTO factories (slug, name, name_zh, time_zone) VALUES ('cost-bench', 'Cost', '電費', 'Asia/Taipei')
     RETURNING id`,
  );
  const factoryId = factory!.id;
  const ids: number[] = [];
  for (let i = 0; i < NODES; i += 1) {
    const [node] = await db.query<{ id: number }>(
      `INSERT INTO nodes (factory_id, type, ch_name, name) VALUES ($1, 'virtual', $2, $2) RETURNING id`,
      [factoryId, `n${i}`],
    );
    ids.push(node!.id);
  }
  const year: InstantRange = {
    from: clock.startOfDay('2025-11-24'),
    to: clock.startOfDay('2026-11-24'),
  };
  // One month of rows per node per insert.
  for (const id of ids) {
    for (let from = year.from; from < year.to; from += 30 * 86_400_000) {
      const starts: string[] = [];
      for (let t = from; t < Math.min(year.to, from + 30 * 86_400_000); t += 900_000) {
        starts.push(new Date(t).toISOString());
      }
      await db.query(
        `INSERT INTO rollups_15m (factory_id, node_id, bucket_start, kwh_forward, avg_kw, samples)
         SELECT $1, $2, s, 1, 4, 15 FROM unnest($3::timestamptz[]) AS s`,
        [factoryId, id, starts],
      );
    }
  }
  await db.exec('ANALYZE rollups_15m');
  const target = { factoryId, clock, schedule };
  const month = { from: clock.startOfDay('2026-10-01'), to: clock.startOfDay('2026-11-01') };
  // Issue #24: ten billing points (reading day 15), each with its last year of bills.
  const now = clock.startOfDay('2026-11-24');
  const periods = [billingPeriodOf('2026-11-24', 15)];
  while (periods.length < 13) periods.push(previousBillingPeriod(periods.at(-1)!));
  const yearOfBills = () =>
    periodBills(
      db,
      { factoryId, clock, schedule, now },
      ids.flatMap((nodeId) =>
        periods.slice(1).map((period) => ({
          nodeId,
          periodFrom: period.from,
          periodTo: period.to,
          contractCapacityKw: 500,
          otherContractsKw: NO_OTHER_CONTRACTS,
        })),
      ),
    );
  const periodsOf = (nodeId: number) =>
    advisorPeriods(db, {
      factoryId,
      nodeId,
      meterReadingDay: 15,
      others: NO_OTHER_CONTRACTS,
      today: '2026-11-24',
      clock,
      schedule,
    });
  const advice = () =>
    Promise.all(ids.map(async (nodeId) => cheapestCapacity(await periodsOf(nodeId), 100)));
  // What the advice call does since decision 0067: the regular search and every type's.
  const everyType = () =>
    Promise.all(
      ids.map(async (nodeId) => {
        const periods = await periodsOf(nodeId);
        cheapestCapacity(periods, 100);
        return cheapestCombination(periods, {
          types: advisableTypes(DEFAULT_TARIFF),
          minimumKw: 100,
          current: { regular: 500, ...NO_OTHER_CONTRACTS },
        });
      }),
    );
  // The bench's rows draw 4 kW at every hour, which the search settles at once. Ten points of
  // twelve months whose peak, half-peak, Saturday and night maxima vary (300–1,000 kW, seeded):
  // the combination search alone, no database.
  let seed = 7;
  const kw = (base: number, spread: number) =>
    base + ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * spread;
  const varied = ids.map(() =>
    periods.slice(1).map((p) => {
      const dates = datesBetween(p.from, p.to);
      const summer = p.from >= '2026-05-15' && p.from < '2026-10-15';
      const maxima = {
        peak: summer ? kw(300, 600) : null,
        halfPeak: kw(300, 600),
        saturdayHalfPeak: kw(200, 700),
        offPeak: kw(200, 800),
      };
      return advisorPeriod(schedule, p, dates, maxima, NO_OTHER_CONTRACTS)!;
    }),
  );
  const variedSearch = async () =>
    varied.map((months) =>
      cheapestCombination(months, {
        types: advisableTypes(DEFAULT_TARIFF),
        minimumKw: 100,
        current: { regular: 500, ...NO_OTHER_CONTRACTS },
      }),
    );
  const cases: Array<[string, () => Promise<unknown>]> = [
    ['1 node, a year by day', () => pricedNodes(db, target, ids.slice(0, 1), year, 'day')],
    [`${NODES} nodes, a year by day`, () => pricedNodes(db, target, ids, year, 'day')],
    [`${NODES} nodes, a year by month`, () => pricedNodes(db, target, ids, year, 'month')],
    [`${NODES} nodes, a month by hour`, () => pricedNodes(db, target, ids, month, 'hour')],
    [
      '1 node, a month by quarter hour',
      () => pricedNodes(db, target, ids.slice(0, 1), month, 'quarterHour'),
    ],
    [`${NODES} billing points, 12 bills each in the bill's lines`, yearOfBills],
    [`${NODES} billing points, the capacity advice (regular only)`, advice],
    [`${NODES} billing points, the capacity advice (every contract type)`, everyType],
    [`${NODES} points' combination search, 12 months of varied demand (pure)`, variedSearch],
    [
      '(1 node, a year of rows, unpriced)',
      () => rollupRows(db, 'rollups_15m', factoryId, ids[0]!, year),
    ],
  ];
  const rows: string[][] = [];
  for (const [label, run] of cases) {
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    rows.push([label, formatMs(percentile(times, 50)), formatMs(Math.min(...times))]);
  }
  console.log(`cost at read, ${bench.label}`);
  printTable(['read', 'median ms', 'min ms'], rows);
} finally {
  await bench.dispose();
}
