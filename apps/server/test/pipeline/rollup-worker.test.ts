/**
 * The deferred rollup work (issue #9, speed): marks committed with the
 * readings, drained by a worker; exact, durable, and one drainer per factory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { openPostgresDb } from '../../src/platform/db/postgres.ts';
import { insertReadings } from '../../src/modules/rollups/repo/insert-readings.ts';
import { startRollupWorker } from '../../src/modules/rollups/rollup-worker.ts';
import { storeReadings } from '../../src/modules/rollups/store-readings.ts';
import { createTestFactory, reading, rollups, total } from './pipeline-fixtures.ts';

const at = (minute: number) =>
  new Date(Date.parse('2026-05-01T00:00:00Z') + minute * 60_000).toISOString();

describe.each(backends)('rollup worker on %s', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb(backend);
    await migrate(testDb.db);
  });
  afterAll(() => testDb.dispose());

  const marks = async (factoryId: number) =>
    (await testDb.db.query(`SELECT id FROM rollup_marks WHERE factory_id = $1`, [factoryId]))
      .length;

  it('acknowledges first and brings the rollups up to date by rollupsSettled', async () => {
    const { db } = testDb;
    const tree = await createTestFactory(db, 'Asia/Taipei');
    const worker = startRollupWorker(db);
    try {
      // Concurrent batches, out of order, with a step back and a gap: one drain or several.
      const batches = [
        [reading(tree.meterA, at(30), 105), reading(tree.meterB, at(30), 7)],
        [reading(tree.meterA, at(0), 100), reading(tree.meterB, at(0), 5)],
        [reading(tree.meterA, at(10), 104.99), reading(tree.meterA, at(500), 150)],
      ];
      const results = await Promise.all(batches.map((b) => storeReadings(db, tree.factoryId, b)));
      await Promise.all(results.map((r) => r.rollupsSettled));
      expect(total(await rollups(db, 'rollups_15m', tree.meterA), 'kwh_forward')).toBeCloseTo(
        50,
        9,
      );
      expect(total(await rollups(db, 'rollups_1d', tree.root), 'kwh_forward')).toBeCloseTo(52, 9);
      const latest = await db.query<{ node_id: number; kwh_forward: number }>(
        `SELECT node_id, kwh_forward FROM latest_readings WHERE factory_id = $1 ORDER BY node_id`,
        [tree.factoryId],
      );
      expect(latest.map((l) => l.kwh_forward)).toEqual([150, 7]);
      expect(await marks(tree.factoryId)).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it('finishes, after a restart, the work a stopped server left in rollup_marks', async () => {
    const { db } = testDb;
    const tree = await createTestFactory(db, 'Asia/Taipei');
    // What a server that stopped right after acknowledging leaves behind.
    const left = [reading(tree.meterA, at(0), 10), reading(tree.meterA, at(15), 12.5)];
    await insertReadings(db, tree.factoryId, left, [
      { nodeId: tree.meterA, from: Date.parse(at(0)), to: Date.parse(at(15)) },
    ]);
    expect(await rollups(db, 'rollups_15m', tree.meterA)).toEqual([]);
    expect(await marks(tree.factoryId)).toBe(1);

    const worker = startRollupWorker(db);
    try {
      await worker.settle(tree.factoryId);
      expect(total(await rollups(db, 'rollups_1h', tree.area), 'kwh_forward')).toBeCloseTo(2.5, 9);
      expect(await marks(tree.factoryId)).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it('drops the marks of a factory that no longer exists instead of retrying forever', async () => {
    const { db } = testDb;
    await db.query(`INSERT INTO rollup_marks (factory_id, id, spans) VALUES (987654, 1, '[]')`);
    const errors: unknown[] = [];
    const worker = startRollupWorker(db, { onError: (error) => errors.push(error) });
    try {
      await worker.settle(987_654);
      expect(await marks(987_654)).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it('stays exact when two servers drain one factory at once', async () => {
    if (backend !== 'postgres') return; // one process holds an embedded database
    const { db } = testDb;
    const schema = (await db.query<{ s: string }>('SELECT current_schema() AS s'))[0]!.s;
    const other = await openPostgresDb(process.env.TEST_DATABASE_URL!, { schema, max: 2 });
    const tree = await createTestFactory(db, 'Asia/Taipei');
    const workers = [startRollupWorker(db), startRollupWorker(other)];
    try {
      const stores = Array.from({ length: 30 }, (_, i) =>
        storeReadings(i % 2 ? db : other, tree.factoryId, [
          reading(tree.meterA, at(i), 100 + i),
          reading(tree.meterB, at(i), 200 + 2 * i),
        ]),
      );
      await Promise.all((await Promise.all(stores)).map((r) => r.rollupsSettled));
      await Promise.all(workers.map((w) => w.settle(tree.factoryId)));
      expect(total(await rollups(db, 'rollups_15m', tree.root), 'kwh_forward')).toBeCloseTo(87, 9);
      expect(total(await rollups(db, 'rollups_1d', tree.root), 'kwh_forward')).toBeCloseTo(87, 9);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await other.close();
    }
  });
});
