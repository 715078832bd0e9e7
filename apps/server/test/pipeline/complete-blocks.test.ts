import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { storeReadings } from '../../src/modules/rollups/store-readings.ts';
import { energyTotals, maxDemandOverDays } from '../../src/modules/rollups/repo/rollups.ts';
import { createTestFactory, reading, type TestTree } from './pipeline-fixtures.ts';

/**
 * Maxima of demand count complete blocks only, as the utility bills them: at
 * 00:20 the 00:15 block is still filling up, and a surge in it is not yet a
 * 15-minute demand (it may still be, once the block ends).
 */
const at = (time: string) => Date.parse(`2026-05-01T${time}:00Z`);
const day = { from: at('00:00'), to: at('00:00') + 86_400_000 };

describe.each(backends)('demand maxima of complete blocks on %s', (backend) => {
  let testDb: TestDb;
  let tree: TestTree;
  beforeAll(async () => {
    testDb = await openTestDb(backend);
    await migrate(testDb.db);
    tree = await createTestFactory(testDb.db, 'UTC');
    await storeReadings(testDb.db, tree.factoryId, [
      reading(tree.meterA, '2026-05-01T00:00:00Z', 1000),
      reading(tree.meterA, '2026-05-01T00:15:00Z', 1001), // 1 kWh: a 4 kW block
      reading(tree.meterA, '2026-05-01T00:20:00Z', 1011), // 10 kWh in the running block
    ]);
  });
  afterAll(() => testDb.dispose());

  it('energyTotals counts all energy but only the blocks begun before the running one', async () => {
    const { db } = testDb;
    const running = await energyTotals(db, tree.factoryId, [tree.meterA], day, at('00:15'));
    expect(running.get(tree.meterA)).toEqual({
      forward: 11,
      reverse: 0,
      kvarhLagging: null,
      maxDemandKw: 4,
    });
    const all = await energyTotals(db, tree.factoryId, [tree.meterA], day);
    expect(all.get(tree.meterA)?.maxDemandKw).toBe(40);
  });

  it('maxDemandOverDays takes the running day from its complete blocks', async () => {
    const { db } = testDb;
    const month = { from: day.from, to: day.from + 31 * 86_400_000 };
    const open = { from: day.from, blocksBefore: at('00:15') };
    expect(
      (await maxDemandOverDays(db, tree.factoryId, [tree.meterA], month, open)).get(tree.meterA),
    ).toBe(4);
    expect(
      (await maxDemandOverDays(db, tree.factoryId, [tree.meterA], month)).get(tree.meterA),
    ).toBe(40);
  });
});
