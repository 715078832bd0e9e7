import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/platform/db/migrate.ts';
import {
  invalidateIngestNodes,
  loadIngestNodes,
} from '../../src/modules/ingest/repo/ingest-nodes.ts';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { createTestFactory, type TestTree } from '../pipeline/pipeline-fixtures.ts';

describe.each(backends)('the serial → node lookup of ingest on %s', (backend) => {
  let testDb: TestDb;
  let tree: TestTree;
  beforeAll(async () => {
    testDb = await openTestDb(backend);
    await migrate(testDb.db);
    tree = await createTestFactory(testDb.db, 'Asia/Taipei');
    await testDb.db.query(`UPDATE nodes SET serial = 'METER-A' WHERE id = $1`, [tree.meterA]);
  });
  afterAll(() => testDb.dispose());

  it('finds a meter added after an earlier batch missed it, and sees changes after invalidate', async () => {
    const { db } = testDb;
    const meterA = 'METER-A';
    const first = await loadIngestNodes(db, tree.factoryId, [meterA, 'NEW-METER']);
    expect([...first.keys()]).toEqual([meterA]);

    await db.query(
      `INSERT INTO nodes (factory_id, parent_id, type, ch_name, name, wiring, serial)
       VALUES ($1, $2, 'smartMeter', '新', 'New', 'a,b,c', 'NEW-METER')`,
      [tree.factoryId, tree.root],
    );
    const second = await loadIngestNodes(db, tree.factoryId, [meterA, 'NEW-METER']);
    expect(second.get('NEW-METER')?.type).toBe('smartMeter');

    // A cached node keeps its old wiring until the change is announced.
    await db.query(`UPDATE nodes SET wiring = 'l1,l2' WHERE id = $1`, [tree.meterA]);
    expect((await loadIngestNodes(db, tree.factoryId, [meterA])).get(meterA)?.wiring).toBe('a,b,c');
    invalidateIngestNodes(db, tree.factoryId);
    expect((await loadIngestNodes(db, tree.factoryId, [meterA])).get(meterA)?.wiring).toBe('l1,l2');
  });
});
