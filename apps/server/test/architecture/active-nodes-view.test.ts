import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/platform/db/migrate.ts';
import { openTestDb, type TestDb } from '../helpers/backends.ts';
import { readCatalog, readViews } from '../shard/read-catalog.ts';

/**
 * `active_nodes` is the one place that says which monitoring points a factory
 * has now (migration 018). Its column list is fixed when it is created, so a
 * migration that adds a column to nodes must recreate it; and no query may go
 * back to writing the retired filter out by hand.
 */
const srcDir = fileURLToPath(new URL('../../src/', import.meta.url));
let test: TestDb;

beforeAll(async () => {
  test = await openTestDb('pglite');
  await migrate(test.db);
}, 60_000);
afterAll(() => test.dispose());

describe('the active_nodes view', () => {
  it('has every column of nodes, in order', async () => {
    const nodes = (await readCatalog(test.db)).tables.find((t) => t.name === 'nodes');
    const view = (await readViews(test.db)).find((v) => v.name === 'active_nodes');
    expect(nodes?.columns.length).toBeGreaterThan(10);
    expect(view?.columns).toEqual(nodes?.columns);
  });

  it('shows the points that are not retired, and only those', async () => {
    const [factory] = await test.db.query<{ id: number }>(
      `INSERT INTO factories (name, name_zh, slug) VALUES ('View test', '檢視測試', 'view-test')
       RETURNING id`,
    );
    const inserted = await test.db.query<{ id: number }>(
      `INSERT INTO nodes (factory_id, type, name, ch_name)
       VALUES ($1, 'virtual', 'Kept', '保留'), ($1, 'virtual', 'Gone', '停用') RETURNING id`,
      [factory!.id],
    );
    await test.db.query('UPDATE nodes SET retired_at = now() WHERE id = $1', [inserted[1]!.id]);
    const rows = await test.db.query<{ name: string }>(
      'SELECT name FROM active_nodes WHERE factory_id = $1',
      [factory!.id],
    );
    expect(rows.map((row) => row.name)).toEqual(['Kept']);
  });

  it('is the only place the retired filter is written', () => {
    const writers = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /retired_at\s+IS\s+NULL/i.test(readFileSync(srcDir + file, 'utf8')));
    expect(writers).toEqual([]);
  });
});
