import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { pruneRawReadings, storeReadings } from '../../src/modules/rollups/store-readings.ts';
import { createTestFactory, reading, rollups } from './pipeline-fixtures.ts';

describe.each(backends)('raw reading retention on %s', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb(backend);
    await migrate(testDb.db);
  });
  afterAll(() => testDb.dispose());

  it('drops only raw readings older than the cut-off and keeps every rollup', async () => {
    const { db } = testDb;
    const tree = await createTestFactory(db, 'Asia/Taipei');
    const now = new Date('2026-06-10T00:00:00Z');
    await storeReadings(db, tree.factoryId, [
      reading(tree.meterA, '2026-06-01T00:00:00Z', 10),
      reading(tree.meterA, '2026-06-01T00:15:00Z', 12),
      reading(tree.meterA, '2026-06-08T00:00:00Z', 20),
      reading(tree.meterA, '2026-06-09T23:59:00Z', 25),
    ]);
    const before = await Promise.all(
      (['rollups_15m', 'rollups_1h', 'rollups_1d'] as const).map((t) =>
        rollups(db, t, tree.meterA),
      ),
    );

    expect(await pruneRawReadings(db, 7, now)).toBe(2);

    const left = await db.query<{ ts: Date }>(
      'SELECT ts FROM readings WHERE node_id = $1 ORDER BY ts',
      [tree.meterA],
    );
    expect(left.map((r) => new Date(r.ts).toISOString())).toEqual([
      '2026-06-08T00:00:00.000Z',
      '2026-06-09T23:59:00.000Z',
    ]);
    const after = await Promise.all(
      (['rollups_15m', 'rollups_1h', 'rollups_1d'] as const).map((t) =>
        rollups(db, t, tree.meterA),
      ),
    );
    expect(after).toEqual(before);
    expect(await pruneRawReadings(db, 7, now)).toBe(0);
  });

  it('refuses a retention shorter than a day', async () => {
    await expect(pruneRawReadings(testDb.db, 0)).rejects.toThrow(/at least 1 day/);
  });
});
