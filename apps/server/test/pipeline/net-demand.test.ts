import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { storeReadings } from '../../src/modules/rollups/store-readings.ts';
import { createTestFactory, reading, rollups, type TestTree } from './pipeline-fixtures.ts';

/**
 * Demand is the net draw at the connection: solar behind the meter offsets the
 * loads in the same 15-minute block. Tree: root(v) = area(v) + meterB; area =
 * meterA + solar.
 */
const at = (time: string) => `2026-05-01T${time}:00Z`;
const demands = (rows: { max_demand_kw: number | null }[]) => rows.map((r) => r.max_demand_kw);
const migration019 = readFileSync(
  fileURLToPath(new URL('../../src/platform/db/migrations/019_net_demand.sql', import.meta.url)),
  'utf8',
);

describe.each(backends)('net demand on %s', (backend) => {
  let testDb: TestDb;
  let tree: TestTree;
  beforeAll(async () => {
    testDb = await openTestDb(backend);
    await migrate(testDb.db);
    tree = await createTestFactory(testDb.db, 'Asia/Taipei');
    await storeReadings(testDb.db, tree.factoryId, [
      // meterA draws 10 kWh in each of two blocks (40 kW), meterB 2.5 kWh (10 kW).
      reading(tree.meterA, at('00:00'), 1000),
      reading(tree.meterA, at('00:15'), 1010),
      reading(tree.meterA, at('00:30'), 1020),
      reading(tree.meterB, at('00:00'), 500),
      reading(tree.meterB, at('00:15'), 502.5),
      reading(tree.meterB, at('00:30'), 505),
      // Solar exports 3 kWh in the first block, 20 in the second.
      reading(tree.solar, at('00:00'), 0, 0, 100),
      reading(tree.solar, at('00:15'), 0, 0, 103),
      reading(tree.solar, at('00:30'), 0, 0, 123),
    ]);
  });
  afterAll(() => testDb.dispose());

  it('books a meter that only exports at 0 kW of demand', async () => {
    expect(demands(await rollups(testDb.db, 'rollups_15m', tree.solar))).toEqual([0, 0, 0]);
  });

  it('nets solar against the loads in a virtual node, block by block, never below 0', async () => {
    // area: 10 − 3 = 7 kWh → 28 kW; then 10 − 20 → exports → 0.
    expect(demands(await rollups(testDb.db, 'rollups_15m', tree.area))).toEqual([28, 0, 0]);
    // root: 12.5 − 3 = 9.5 kWh → 38 kW; then 12.5 − 20 → 0.
    expect(demands(await rollups(testDb.db, 'rollups_15m', tree.root))).toEqual([38, 0, 0]);
    expect(demands(await rollups(testDb.db, 'rollups_1h', tree.root))).toEqual([38]);
    expect(demands(await rollups(testDb.db, 'rollups_1d', tree.root))).toEqual([38]);
  });

  it('migration 019 turns stored gross demand into net demand, level by level', async () => {
    const { db } = testDb;
    // What the rollups held before: the forward draw alone.
    for (const table of ['rollups_15m', 'rollups_1h', 'rollups_1d']) {
      await db.query(
        `UPDATE ${table} SET max_demand_kw = kwh_forward / 0.25 WHERE factory_id = $1`,
        [tree.factoryId],
      );
    }
    await db.query(
      `UPDATE rollups_1h h SET max_demand_kw = (SELECT max(q.max_demand_kw) FROM rollups_15m q
          WHERE q.node_id = h.node_id AND q.bucket_start >= h.bucket_start
            AND q.bucket_start < h.bucket_start + interval '1 hour')
        WHERE h.factory_id = $1`,
      [tree.factoryId],
    );
    await db.query(
      `UPDATE rollups_1d d SET max_demand_kw = (SELECT max(q.max_demand_kw) FROM rollups_1h q
          WHERE q.node_id = d.node_id) WHERE d.factory_id = $1`,
      [tree.factoryId],
    );
    expect(demands(await rollups(db, 'rollups_1d', tree.root))).toEqual([50]);
    expect(demands(await rollups(db, 'rollups_1d', tree.meterA))).toEqual([40]);

    await db.exec(migration019);

    expect(demands(await rollups(db, 'rollups_15m', tree.root))).toEqual([38, 0, 0]);
    expect(demands(await rollups(db, 'rollups_1h', tree.root))).toEqual([38]);
    expect(demands(await rollups(db, 'rollups_1d', tree.root))).toEqual([38]);
    // A meter without reverse energy keeps its figures.
    expect(demands(await rollups(db, 'rollups_1d', tree.meterA))).toEqual([40]);
  });
});
