/**
 * Issue #9, the reported wrong numbers as integration tests: a gap inside a new
 * meter's first upload, a tiny backward counter step, and the operators' repair.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { bucketsFromRawSamples } from '../../src/modules/monitor/calc/chart-buckets.ts';
import { recomputeRollups, storeReadings } from '../../src/modules/rollups/store-readings.ts';
import { rawSamples } from '../../src/modules/monitor/repo/raw-readings.ts';
import { createTestFactory, reading, rollups, total } from './pipeline-fixtures.ts';

// Taipei is UTC+8 all year: local 00:00 on 2026-05-02 is 16:00 UTC the day before.
const local = (time: string) => new Date(Date.parse(`2026-05-02T${time}:00+08:00`)).toISOString();
const utc = (time: string) => `2026-05-01T${time}:00Z`;

describe.each(backends)('issue #9 exactness on %s', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb(backend);
    await migrate(testDb.db);
  });
  afterAll(() => testDb.dispose());

  const totals = async (nodeId: number) => ({
    quarter: total(await rollups(testDb.db, 'rollups_15m', nodeId), 'kwh_forward'),
    hour: total(await rollups(testDb.db, 'rollups_1h', nodeId), 'kwh_forward'),
    day: total(await rollups(testDb.db, 'rollups_1d', nodeId), 'kwh_forward'),
  });

  it('keeps the energy of a gap over 6 h inside a new meter’s first upload', async () => {
    const { db } = testDb;
    const tree = await createTestFactory(db, 'Asia/Taipei');
    await storeReadings(db, tree.factoryId, [
      reading(tree.meterA, local('00:00'), 100),
      reading(tree.meterA, local('00:15'), 102.5),
      reading(tree.meterA, local('07:00'), 170),
      reading(tree.meterA, local('07:15'), 172.5),
    ]);
    for (const node of [tree.meterA, tree.area, tree.root]) {
      const sums = await totals(node);
      expect(sums.quarter).toBeCloseTo(72.5, 9);
      expect(sums.hour).toBeCloseTo(72.5, 9);
      expect(sums.day).toBeCloseTo(72.5, 9);
    }
    // The 6 h 45 min gap is spread evenly: 10 kW in every quarter hour, no hole, no spike
    // (the last row is 07:15's own quarter, which has its reading and no energy yet).
    const quarters = await rollups(db, 'rollups_15m', tree.meterA);
    expect(quarters).toHaveLength(30);
    for (const q of quarters.slice(0, 29)) expect(q.max_demand_kw).toBeCloseTo(10, 9);
  });

  it('keeps a gap’s energy when the two sides arrive in separate uploads too', async () => {
    const { db } = testDb;
    const tree = await createTestFactory(db, 'Asia/Taipei');
    await storeReadings(db, tree.factoryId, [
      reading(tree.meterA, local('07:00'), 170),
      reading(tree.meterA, local('07:15'), 172.5),
    ]);
    await storeReadings(db, tree.factoryId, [
      reading(tree.meterA, local('00:00'), 100),
      reading(tree.meterA, local('00:15'), 102.5),
    ]);
    expect((await totals(tree.meterA)).day).toBeCloseTo(72.5, 9);
  });

  it('books a tiny backward step as 0 kWh, not as a meter reset', async () => {
    const { db } = testDb;
    const tree = await createTestFactory(db, 'Asia/Taipei');
    await storeReadings(db, tree.factoryId, [
      reading(tree.meterA, utc('00:00'), 12_364.5),
      reading(tree.meterA, utc('00:01'), 12_364.6),
      reading(tree.meterA, utc('00:02'), 12_364.59),
      reading(tree.meterA, utc('00:03'), 12_364.7),
    ]);
    const [quarter] = await rollups(db, 'rollups_15m', tree.meterA);
    // 12,364.5 → 12,364.7: 0.2 kWh, continued from the high 12,364.6 after the step back.
    expect(quarter!.kwh_forward).toBeCloseTo(0.2, 9);
    expect(quarter!.max_demand_kw).toBeCloseTo(0.8, 9);
  });

  it('continues from the highest value seen: 100, 105, 104.99, 105.5 is 5.5 kWh', async () => {
    const { db } = testDb;
    const tree = await createTestFactory(db, 'Asia/Taipei');
    await storeReadings(db, tree.factoryId, [
      reading(tree.meterA, utc('00:00'), 100),
      reading(tree.meterA, utc('00:05'), 105),
      reading(tree.meterA, utc('00:10'), 104.99),
      reading(tree.meterA, utc('00:20'), 105.5),
    ]);
    expect((await totals(tree.meterA)).day).toBeCloseTo(5.5, 9);
  });

  it('gives the same 5.5 kWh when the readings arrive late and out of order', async () => {
    const { db } = testDb;
    const tree = await createTestFactory(db, 'Asia/Taipei');
    const all = [
      reading(tree.meterA, utc('00:00'), 100),
      reading(tree.meterA, utc('00:05'), 105),
      reading(tree.meterA, utc('00:10'), 104.99),
      reading(tree.meterA, utc('00:20'), 105.5),
    ];
    await storeReadings(db, tree.factoryId, [all[3]!, all[0]!]);
    await storeReadings(db, tree.factoryId, [all[2]!]);
    await storeReadings(db, tree.factoryId, [all[1]!]);
    expect((await totals(tree.meterA)).day).toBeCloseTo(5.5, 9);
    const quarters = await rollups(db, 'rollups_15m', tree.meterA);
    expect(quarters.map((q) => q.kwh_forward)).toEqual(
      [5.25, 0.25].map((e) => expect.closeTo(e, 9)),
    );
  });

  it('counts a real reset (wrap or a replaced meter) from the new value', async () => {
    const { db } = testDb;
    const tree = await createTestFactory(db, 'Asia/Taipei');
    await storeReadings(db, tree.factoryId, [
      reading(tree.meterA, utc('00:00'), 99_999.2),
      reading(tree.meterA, utc('00:05'), 99_999.8),
      reading(tree.meterA, utc('00:10'), 0.3), // wrapped at 99,999.9
      reading(tree.meterA, utc('00:20'), 1.3),
    ]);
    expect((await totals(tree.meterA)).day).toBeCloseTo(0.6 + 0.3 + 1, 6);
  });

  it('gives 1-minute charts from raw readings the same energy as the rollups after a step back', async () => {
    const { db } = testDb;
    const tree = await createTestFactory(db, 'Asia/Taipei');
    await storeReadings(db, tree.factoryId, [
      reading(tree.meterA, utc('00:00'), 100),
      reading(tree.meterA, utc('00:05'), 105),
      reading(tree.meterA, utc('00:10'), 104.99),
      reading(tree.meterA, utc('00:20'), 105.5),
    ]);
    // The chart starts after the step back: the state before it comes with the edge reading.
    const range = { from: Date.parse(utc('00:15')), to: Date.parse(utc('00:30')) };
    const samples = await rawSamples(db, tree.factoryId, [tree.meterA], range);
    const chart = bucketsFromRawSamples(samples, range, 60_000, false);
    const chartKwh = [...chart.values()].reduce((sum, b) => sum + b.kwhForward, 0);
    const quarter = (await rollups(db, 'rollups_15m', tree.meterA)).find(
      (q) => q.bucket === new Date(range.from).toISOString(),
    );
    expect(chartKwh).toBeCloseTo(0.25, 9);
    expect(quarter!.kwh_forward).toBeCloseTo(chartKwh, 9);
  });

  it('repairs rollups written by the old defects with recomputeRollups', async () => {
    const { db } = testDb;
    const tree = await createTestFactory(db, 'Asia/Taipei');
    await storeReadings(db, tree.factoryId, [
      reading(tree.meterA, local('00:00'), 100),
      reading(tree.meterA, local('00:15'), 102.5),
      reading(tree.meterA, local('07:00'), 170),
      reading(tree.meterA, local('07:15'), 172.5),
    ]);
    // What an old server left behind: the gap's buckets missing, a step back booked as a reset.
    await db.query(
      `DELETE FROM rollups_15m WHERE node_id = ANY($1::int[])
          AND bucket_start > $2::timestamptz AND bucket_start < $3::timestamptz`,
      [[tree.meterA, tree.area, tree.root], local('00:15'), local('06:45')],
    );
    await db.query(`UPDATE rollups_1d SET kwh_forward = 7.5 WHERE node_id = ANY($1::int[])`, [
      [tree.meterA, tree.area, tree.root],
    ]);
    await recomputeRollups(
      db,
      tree.factoryId,
      [tree.root],
      new Date(local('00:00')),
      new Date(local('08:00')),
    );
    for (const node of [tree.meterA, tree.area, tree.root]) {
      const sums = await totals(node);
      expect(sums.quarter).toBeCloseTo(72.5, 9);
      expect(sums.day).toBeCloseTo(72.5, 9);
    }
  });

  it('repairs the counter state of readings stored before the reset rule', async () => {
    const { db } = testDb;
    const tree = await createTestFactory(db, 'Asia/Taipei');
    await storeReadings(db, tree.factoryId, [
      reading(tree.meterA, utc('00:00'), 100),
      reading(tree.meterA, utc('00:05'), 105),
      reading(tree.meterA, utc('00:10'), 104.99),
      reading(tree.meterA, utc('00:20'), 105.5),
    ]);
    // An old server stored no highs and booked the step back as a reset.
    await db.query(
      `UPDATE readings SET kwh_forward_high = NULL, kwh_reverse_high = NULL WHERE node_id = $1`,
      [tree.meterA],
    );
    await db.query(`UPDATE rollups_15m SET kwh_forward = 104.99 WHERE node_id = $1`, [tree.meterA]);
    await recomputeRollups(
      db,
      tree.factoryId,
      [tree.meterA],
      new Date(utc('00:00')),
      new Date(utc('01:00')),
    );
    expect((await totals(tree.meterA)).quarter).toBeCloseTo(5.5, 9);
    const highs = await db.query<{ kwh_forward_high: number | null }>(
      `SELECT kwh_forward_high FROM readings WHERE node_id = $1 ORDER BY ts`,
      [tree.meterA],
    );
    expect(highs.map((h) => h.kwh_forward_high)).toEqual([null, null, 105, null]);
  });
});
