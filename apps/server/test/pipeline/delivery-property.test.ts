/**
 * Issue #9: the same readings give the same rollups however they arrive. A
 * random series (gaps over 6 h, real resets, small steps back, duplicates) is
 * sent in random batches and orders, and its rollups are compared with one
 * in-order upload and with a reference computed here from the readings alone.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import type { Db } from '../../src/platform/db/db.ts';
import type { NormalizedReading } from '../../src/modules/rollups/normalized-reading.ts';
import { startRollupWorker } from '../../src/modules/rollups/rollup-worker.ts';
import { storeReadings } from '../../src/modules/rollups/store-readings.ts';
import { createTestFactory, reading, rollups, type TestTree } from './pipeline-fixtures.ts';
import { referenceEnergy, type Step } from './reference-energy.ts';

const TABLES = ['rollups_15m', 'rollups_1h', 'rollups_1d'] as const;
const START = Date.parse('2026-05-01T13:00:00Z');

const stepArb: fc.Arbitrary<Step> = fc.record({
  gapMs: fc.oneof(
    fc.constantFrom(60_000, 300_000, 900_000),
    fc.integer({ min: 1, max: 40 }).map((m) => m * 60_000 + 17_000),
    fc.integer({ min: 361, max: 600 }).map((m) => m * 60_000), // more than 6 hours
  ),
  kind: fc.constantFrom('grow', 'grow', 'grow', 'grow', 'noise', 'reset'),
  amount: fc.integer({ min: 0, max: 5000 }).map((n) => n / 1000),
});

const seriesArb = fc.array(stepArb, { minLength: 2, maxLength: 24 });

/** Counter values of a series: grow adds, noise steps back a little, reset restarts near 0. */
function counters(steps: readonly Step[], base: number): { ts: number; value: number }[] {
  let ts = START;
  let value = base;
  return steps.map((step) => {
    ts += step.gapMs;
    if (step.kind === 'grow') value += step.amount;
    else if (step.kind === 'noise') value -= step.amount / 100;
    else value = step.amount / 10;
    return { ts, value };
  });
}

const deliveryArb = fc.record({
  a: seriesArb,
  b: seriesArb,
  duplicates: fc.array(fc.nat(), { maxLength: 6 }),
  order: fc.array(fc.nat(), { minLength: 60, maxLength: 60 }),
  cuts: fc.array(fc.nat(), { maxLength: 4 }),
});

type Delivery = typeof deliveryArb extends fc.Arbitrary<infer T> ? T : never;

function readingsOf(tree: TestTree, d: Delivery): NormalizedReading[] {
  const of = (nodeId: number, steps: readonly Step[], base: number, reverseToo: boolean) =>
    counters(steps, base).map(({ ts, value }, i) =>
      reading(nodeId, new Date(ts).toISOString(), value, 1 + (i % 4), reverseToo ? i * 0.5 : 0),
    );
  return [...of(tree.meterA, d.a, 1000, false), ...of(tree.solar, d.b, 50, true)];
}

/** The readings shuffled (with some repeated) and cut into batches. */
function batchesOf(all: readonly NormalizedReading[], d: Delivery): NormalizedReading[][] {
  const sent = [...all, ...d.duplicates.map((i) => all[i % all.length]!)];
  for (let i = sent.length - 1; i > 0; i--) {
    const j = d.order[i % d.order.length]! % (i + 1);
    [sent[i], sent[j]] = [sent[j]!, sent[i]!];
  }
  const cuts = [...new Set(d.cuts.map((c) => c % sent.length))].sort((x, y) => x - y);
  const batches: NormalizedReading[][] = [];
  let from = 0;
  for (const cut of [...cuts, sent.length]) {
    if (cut > from) batches.push(sent.slice(from, cut));
    from = Math.max(from, cut);
  }
  return batches;
}

type Snapshot = Record<string, Record<string, number | null>[]>;

/** Every rollup row of the tree's nodes, keyed by table and node role. */
async function snapshot(db: Db, tree: TestTree): Promise<Snapshot> {
  const roles = { meterA: tree.meterA, solar: tree.solar, area: tree.area, root: tree.root };
  const result: Snapshot = {};
  for (const table of TABLES) {
    for (const [role, nodeId] of Object.entries(roles)) {
      result[`${table}/${role}`] = (await rollups(db, table, nodeId)).map(({ bucket, ...r }) => ({
        t: Date.parse(bucket),
        ...r,
      }));
    }
  }
  return result;
}

function expectSame(actual: Snapshot, expected: Snapshot) {
  for (const [key, rows] of Object.entries(expected)) {
    const got = actual[key]!;
    expect(
      got.map((r) => r.t),
      key,
    ).toEqual(rows.map((r) => r.t));
    rows.forEach((row, i) => {
      for (const [column, value] of Object.entries(row)) {
        const other = got[i]![column];
        if (value === null || other === null) expect(other, `${key} ${column}`).toBe(value);
        else expect(other, `${key} ${column} @${row.t}`).toBeCloseTo(value, 6);
      }
    });
  }
}

/** Non-zero energy per bucket of a snapshot's table/role, for the reference comparison. */
function energyOf(snap: Snapshot, key: string, column: 'kwh_forward' | 'kwh_reverse') {
  const out = new Map<number, number>();
  for (const row of snap[key]!) {
    const value = row[column] as number;
    if (Math.abs(value) > 1e-9) out.set(row.t as number, value);
  }
  return out;
}

function expectEnergy(actual: Map<number, number>, expected: Map<number, number>, key: string) {
  const nonZero = [...expected].filter(([, v]) => Math.abs(v) > 1e-9);
  expect([...actual.keys()].sort(), key).toEqual(nonZero.map(([t]) => t).sort());
  for (const [t, v] of nonZero) expect(actual.get(t), `${key} @${t}`).toBeCloseTo(v, 6);
}

describe.each(backends)('rollups do not depend on how readings arrive, on %s', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb(backend);
    await migrate(testDb.db);
  });
  afterAll(() => testDb.dispose());

  it.each([
    ['stored one batch after another, rollups before each answer', false, 20],
    ['stored concurrently, rollups by the worker', true, 8],
  ] as const)(
    'gives identical rollups for random batchings and orders: %s',
    async (_, useWorker, numRuns) => {
      const { db } = testDb;
      await fc.assert(
        fc.asyncProperty(deliveryArb, async (d) => {
          const inOrder = await createTestFactory(db, 'Asia/Taipei');
          const all = readingsOf(inOrder, d).sort((x, y) => x.ts.getTime() - y.ts.getTime());
          await storeReadings(db, inOrder.factoryId, all);
          const expected = await snapshot(db, inOrder);

          const shuffled = await createTestFactory(db, 'Asia/Taipei');
          const batches = batchesOf(readingsOf(shuffled, d), d);
          if (useWorker) {
            const worker = startRollupWorker(db);
            const results = await Promise.all(
              batches.map((batch) => storeReadings(db, shuffled.factoryId, batch)),
            );
            await Promise.all(results.map((r) => r.rollupsSettled));
            await worker.stop();
          } else {
            for (const batch of batches) await storeReadings(db, shuffled.factoryId, batch);
          }
          expectSame(await snapshot(db, shuffled), expected);

          // Taipei has no DST: local hours are UTC hours, local days start at 16:00 UTC.
          const reference = referenceEnergy(
            [
              { role: 'meterA', steps: counters(d.a, 1000), reverse: false },
              { role: 'solar', steps: counters(d.b, 50), reverse: true },
            ],
            8 * 3_600_000,
          );
          for (const [key, energy] of reference) {
            expectEnergy(energyOf(expected, key, 'kwh_forward'), energy.forward, `${key} forward`);
            expectEnergy(energyOf(expected, key, 'kwh_reverse'), energy.reverse, `${key} reverse`);
          }
        }),
        { seed: 9_2026, numRuns, endOnFailure: true },
      );
    },
    120_000,
  );
});
