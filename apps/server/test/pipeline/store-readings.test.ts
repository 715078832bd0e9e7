import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { storeReadings } from '../../src/modules/rollups/store-readings.ts';
import { createTestFactory, reading, rollups, type TestTree } from './pipeline-fixtures.ts';

const day = '2026-05-01';
const at = (time: string) => `${day}T${time}:00Z`;

describe.each(backends)('storeReadings on %s', (backend) => {
  let testDb: TestDb;
  let tree: TestTree;
  beforeAll(async () => {
    testDb = await openTestDb(backend);
    await migrate(testDb.db);
    tree = await createTestFactory(testDb.db, 'Asia/Taipei');
  });
  afterAll(() => testDb.dispose());

  it('turns known counters into exact 15-minute, hourly and daily rollups', async () => {
    const { db } = testDb;
    const result = await storeReadings(db, tree.factoryId, [
      reading(tree.meterA, at('00:00'), 1000, 40),
      reading(tree.meterA, at('00:05'), 1002, 24),
      reading(tree.meterA, at('00:15'), 1005, 18),
      reading(tree.meterA, at('00:30'), 1011, 30),
      reading(tree.meterA, at('01:00'), 1020, 20),
    ]);
    expect(result.stored).toHaveLength(5);
    expect(result.duplicates).toBe(0);

    expect(await rollups(db, 'rollups_15m', tree.meterA)).toEqual([
      // 1000 → 1005 by 00:15; kW 40 and 24 read inside; demand = 5 kWh / 0.25 h.
      row(at('00:00'), 5, 20, 40, 24, 2, 20),
      row(at('00:15'), 6, 24, 18, 18, 1, 24),
      // 00:30 → 01:00 brought 9 kWh, split evenly over two quarter hours.
      row(at('00:30'), 4.5, 18, 30, 30, 1, 18),
      row(at('00:45'), 4.5, 18, null, null, 0, 18),
      row(at('01:00'), 0, 0, 20, 20, 1, 0),
    ]);
    // Taipei hours start on the UTC hour; the local day 2026-05-01 starts at 16:00 UTC before.
    expect(await rollups(db, 'rollups_1h', tree.meterA)).toEqual([
      row(at('00:00'), 20, 20, 40, 18, 4, 24),
      row(at('01:00'), 0, 0, 20, 20, 1, 0),
    ]);
    expect(await rollups(db, 'rollups_1d', tree.meterA)).toEqual([
      row('2026-04-30T16:00:00Z', 20, 20 / 24, 40, 18, 5, 24),
    ]);
  });

  it('recomputes the buckets a late reading changes, including the next reading’s', async () => {
    const { db } = testDb;
    await storeReadings(db, tree.factoryId, [
      reading(tree.meterB, at('00:00'), 100),
      reading(tree.meterB, at('00:30'), 106),
    ]);
    expect(energy(await rollups(db, 'rollups_15m', tree.meterB))).toEqual([3, 3, 0]);

    // 00:00 → 00:10 is now 1 kWh; 00:10 → 00:30 is 5 kWh, a quarter of it before 00:15.
    const late = await storeReadings(db, tree.factoryId, [reading(tree.meterB, at('00:10'), 101)]);
    expect(late.stored).toHaveLength(1);
    const quarters = await rollups(db, 'rollups_15m', tree.meterB);
    expect(energy(quarters)).toEqual([2.25, 3.75, 0]);
    expect(quarters[0]!.samples).toBe(2);
    expect(energy(await rollups(db, 'rollups_1h', tree.meterB))).toEqual([6]);
    expect(energy(await rollups(db, 'rollups_1d', tree.meterB))).toEqual([6]);
  });

  it('keeps latest_readings on the newest reading, not on a late older one', async () => {
    const latest = await testDb.db.query<{ ts: Date; kwh_forward: number; phases: unknown }>(
      'SELECT ts, kwh_forward, phases FROM latest_readings WHERE node_id = $1',
      [tree.meterB],
    );
    expect(latest).toHaveLength(1);
    expect(new Date(latest[0]!.ts).toISOString()).toBe('2026-05-01T00:30:00.000Z');
    expect(latest[0]!.kwh_forward).toBe(106);
    expect(latest[0]!.phases).toEqual(reading(tree.meterB, at('00:30'), 106).phases);
  });

  it('ignores a re-sent batch and repeats inside a batch: nothing changes', async () => {
    const { db } = testDb;
    const batch = [
      reading(tree.solar, at('02:00'), 0, 0, 50),
      reading(tree.solar, at('02:15'), 0, -8, 52),
    ];
    const first = await storeReadings(db, tree.factoryId, [...batch, batch[0]!]);
    expect(first).toMatchObject({ duplicates: 1 });
    expect(first.stored).toHaveLength(2);
    const before = await snapshot(testDb, tree.factoryId);

    const again = await storeReadings(db, tree.factoryId, batch);
    expect(again).toMatchObject({ stored: [], duplicates: 2 });
    expect(await snapshot(testDb, tree.factoryId)).toEqual(before);
    expect(
      (await rollups(db, 'rollups_15m', tree.solar)).map((r) => [r.kwh_forward, r.kwh_reverse]),
    ).toEqual([
      [0, 2],
      [0, 0],
    ]);
  });

  it('never books negative energy when a meter’s counter resets', async () => {
    const { db } = testDb;
    const circuit = tree.circuitA1;
    await storeReadings(db, tree.factoryId, [
      reading(circuit, at('03:00'), 5000),
      reading(circuit, at('03:05'), 5004),
      reading(circuit, at('03:10'), 1.5), // reset: 1.5 kWh since the reset
      reading(circuit, at('03:15'), 3),
    ]);
    // 4 before the reset, 1.5 counted from zero, 1.5 after: 7, never 1.5 − 5004.
    expect(energy(await rollups(db, 'rollups_15m', circuit))).toEqual([7, 0]);
  });
});

function row(
  bucket: string,
  kwhForward: number,
  avgKw: number,
  maxKw: number | null,
  minKw: number | null,
  samples: number,
  maxDemandKw: number,
) {
  return {
    bucket: new Date(bucket).toISOString(),
    kwh_forward: kwhForward,
    kwh_reverse: 0,
    avg_kw: avgKw,
    max_kw: maxKw,
    min_kw: minKw,
    samples,
    max_demand_kw: maxDemandKw,
  };
}

const energy = (rows: { kwh_forward: number }[]) => rows.map((r) => r.kwh_forward);

async function snapshot(testDb: TestDb, factoryId: number) {
  const tables = ['readings', 'latest_readings', 'rollups_15m', 'rollups_1h', 'rollups_1d'];
  const result: Record<string, unknown[]> = {};
  for (const table of tables) {
    result[table] = await testDb.db.query(
      `SELECT * FROM ${table} WHERE factory_id = $1 ORDER BY node_id, ${
        table === 'latest_readings' ? 'ts' : table === 'readings' ? 'ts' : 'bucket_start'
      }`,
      [factoryId],
    );
  }
  return result;
}
