import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { recomputeRollups, storeReadings } from '../../src/modules/rollups/store-readings.ts';
import type { NormalizedReading } from '../../src/modules/rollups/normalized-reading.ts';
import {
  createTestFactory,
  reading,
  rollups,
  total,
  type RollupRow,
  type TestTree,
} from './pipeline-fixtures.ts';

const TABLES = ['rollups_15m', 'rollups_1h', 'rollups_1d'] as const;

/** Readings every `stepMinutes` with a load that varies, like a real meter's. */
function series(
  nodeId: number,
  from: string,
  steps: number,
  stepMinutes: number,
  seed: number,
  withReverse = false,
): NormalizedReading[] {
  const readings: NormalizedReading[] = [];
  let forward = 1000 * seed;
  let reverse = 10 * seed;
  for (let i = 0; i < steps; i++) {
    const kw = 5 + ((i * seed) % 7) + seed / 10;
    readings.push(
      reading(
        nodeId,
        new Date(Date.parse(from) + i * stepMinutes * 60_000).toISOString(),
        forward,
        kw,
        withReverse ? reverse : 0,
      ),
    );
    forward += (kw * stepMinutes) / 60;
    reverse += withReverse ? ((i % 5) * stepMinutes) / 60 : 0;
  }
  return readings;
}

/** Sum of the members' rows per bucket, for kwh_forward and kwh_reverse. */
async function summed(db: Db, table: (typeof TABLES)[number], members: number[]) {
  const sums = new Map<string, [number, number]>();
  for (const member of members) {
    for (const r of await rollups(db, table, member)) {
      const [f, rev] = sums.get(r.bucket) ?? [0, 0];
      sums.set(r.bucket, [f + r.kwh_forward, rev + r.kwh_reverse]);
    }
  }
  return [...sums.entries()].sort(([a], [b]) => a.localeCompare(b));
}

function expectSameEnergy(rows: RollupRow[], expected: [string, [number, number]][]) {
  expect(rows.map((r) => r.bucket)).toEqual(expected.map(([bucket]) => bucket));
  rows.forEach((r, i) => {
    expect(r.kwh_forward).toBeCloseTo(expected[i]![1][0], 9);
    expect(r.kwh_reverse).toBeCloseTo(expected[i]![1][1], 9);
  });
}

describe.each(backends)('rollup consistency on %s', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb(backend);
    await migrate(testDb.db);
  });
  afterAll(() => testDb.dispose());

  describe('a virtual tree fed in separate, interleaved batches', () => {
    let tree: TestTree;
    beforeAll(async () => {
      tree = await createTestFactory(testDb.db, 'Asia/Taipei');
      const a = series(tree.meterA, '2026-06-01T15:00:00Z', 30, 5, 1);
      const solar = series(tree.solar, '2026-06-01T15:02:00Z', 25, 6, 2, true);
      const b = series(tree.meterB, '2026-06-01T14:55:00Z', 12, 13, 3);
      const circuit = series(tree.circuitA1, '2026-06-01T15:00:00Z', 30, 5, 9);
      // Concurrent stores of different members of the same virtual nodes.
      await Promise.all([
        storeReadings(testDb.db, tree.factoryId, a.slice(0, 15)),
        storeReadings(testDb.db, tree.factoryId, b),
        storeReadings(testDb.db, tree.factoryId, circuit),
      ]);
      await Promise.all([
        storeReadings(testDb.db, tree.factoryId, solar),
        storeReadings(testDb.db, tree.factoryId, a.slice(15)),
      ]);
    });

    it.each(TABLES)('each virtual node equals the sum of its members in %s', async (table) => {
      const { db } = testDb;
      expectSameEnergy(
        await rollups(db, table, tree.area),
        await summed(db, table, [tree.meterA, tree.solar]),
      );
      expectSameEnergy(
        await rollups(db, table, tree.root),
        await summed(db, table, [tree.meterA, tree.solar, tree.meterB]),
      );
    });

    it('takes a virtual node’s demand from its summed 15-minute net draw', async () => {
      const { db } = testDb;
      const quarters = await rollups(db, 'rollups_15m', tree.root);
      const net = (q: { kwh_forward: number; kwh_reverse: number }) =>
        Math.max(0, q.kwh_forward - q.kwh_reverse) / 0.25;
      expect(quarters.some((q) => q.kwh_reverse > 0)).toBe(true); // the solar member counts
      for (const q of quarters) {
        expect(q.max_demand_kw).toBeCloseTo(net(q), 9);
        expect(q.max_kw).toBeCloseTo(q.kwh_forward / 0.25, 9);
      }
      const [dayRow] = await rollups(db, 'rollups_1d', tree.root);
      expect(dayRow!.max_demand_kw).toBeCloseTo(Math.max(...quarters.map(net)), 9);
    });

    it('rebuilds identical rollups with recomputeRollups', async () => {
      const { db } = testDb;
      const nodes = [tree.meterA, tree.solar, tree.meterB, tree.circuitA1, tree.area, tree.root];
      const before = await Promise.all(
        TABLES.map((t) => Promise.all(nodes.map((n) => rollups(db, t, n)))),
      );
      for (const table of TABLES) {
        await db.query(`DELETE FROM ${table} WHERE factory_id = $1`, [tree.factoryId]);
      }
      await recomputeRollups(
        db,
        tree.factoryId,
        [tree.root, tree.circuitA1],
        new Date('2026-06-01T00:00:00Z'),
        new Date('2026-06-03T00:00:00Z'),
      );
      const after = await Promise.all(
        TABLES.map((t) => Promise.all(nodes.map((n) => rollups(db, t, n)))),
      );
      expect(JSON.stringify(after)).toBe(JSON.stringify(before));
    });
  });

  it('hourly rows add up to the 15-minute rows and to the daily total', async () => {
    const { db } = testDb;
    const tree = await createTestFactory(db, 'Asia/Taipei');
    // 23:07 on 1 July to 05:52 on 4 July, Taipei time, in 96-reading batches like a backfill.
    const readings = series(tree.meterA, '2026-07-01T15:07:00Z', 220, 15, 4);
    for (let i = 0; i < readings.length; i += 96) {
      await storeReadings(db, tree.factoryId, readings.slice(i, i + 96));
    }
    const quarters = await rollups(db, 'rollups_15m', tree.meterA);
    const hours = await rollups(db, 'rollups_1h', tree.meterA);
    const days = await rollups(db, 'rollups_1d', tree.meterA);
    expect(days.length).toBe(4);
    for (const dayRow of days) {
      const start = Date.parse(dayRow.bucket);
      const inDay = (r: RollupRow) =>
        Date.parse(r.bucket) >= start && Date.parse(r.bucket) < start + 86_400_000;
      expect(total(hours.filter(inDay), 'kwh_forward')).toBeCloseTo(dayRow.kwh_forward, 9);
      expect(total(quarters.filter(inDay), 'kwh_forward')).toBeCloseTo(dayRow.kwh_forward, 9);
    }
    const counters = readings.map((r) => r.kwhForward!);
    expect(total(days, 'kwh_forward')).toBeCloseTo(counters.at(-1)! - counters[0]!, 9);
  });

  it('gives a New York factory daily buckets of 23 and 25 hours on DST days', async () => {
    const { db } = testDb;
    const tree = await createTestFactory(db, 'America/New_York');
    // A steady 1 kW, read every 15 minutes, around both 2026 changeovers.
    const steady = (from: string, steps: number) =>
      Array.from({ length: steps }, (_, i) =>
        reading(tree.meterA, new Date(Date.parse(from) + i * 900_000).toISOString(), i * 0.25, 1),
      );
    await storeReadings(db, tree.factoryId, steady('2026-03-07T00:00:00Z', 4 * 24 * 3 + 1));
    await storeReadings(db, tree.factoryId, steady('2026-10-31T00:00:00Z', 4 * 24 * 3 + 1));

    const days = await rollups(db, 'rollups_1d', tree.meterA);
    const spring = days.find((d) => d.bucket === '2026-03-08T05:00:00.000Z');
    const fall = days.find((d) => d.bucket === '2026-11-01T04:00:00.000Z');
    expect(spring).toMatchObject({ kwh_forward: 23, avg_kw: 1, max_demand_kw: 1 });
    expect(fall).toMatchObject({ kwh_forward: 25, avg_kw: 1, max_demand_kw: 1 });

    const hours = await rollups(db, 'rollups_1h', tree.meterA);
    const within = (from: string, to: string) =>
      hours.filter((h) => h.bucket >= from && h.bucket < to);
    expect(within('2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z')).toHaveLength(23);
    expect(within('2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z')).toHaveLength(25);
  });
});
