import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/platform/db/migrate.ts';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { REFERENCE_TABLES, shardViolations, tenantTables } from './catalog-rules.ts';
import { readCatalog } from './read-catalog.ts';

/** Rolls back whatever the check created. */
class Rollback extends Error {}

describe.each(backends)('ready to shard: the catalog (%s)', (backend) => {
  let test: TestDb;

  beforeAll(async () => {
    test = await openTestDb(backend);
    await migrate(test.db);
  });
  afterAll(() => test?.dispose());

  it('every tenant table keys, indexes and links by factory_id', async () => {
    const catalog = await readCatalog(test.db);
    expect(shardViolations(catalog)).toEqual([]);
    // The check saw the schema, not an empty list.
    const tenants = tenantTables(catalog.tables);
    expect([...tenants]).toEqual(expect.arrayContaining(['readings', 'nodes', 'events']));
    expect(catalog.tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(Object.keys(REFERENCE_TABLES)),
    );
  });

  it('fails on a deliberately broken schema', async () => {
    let found: ReturnType<typeof shardViolations> = [];
    await expect(
      test.db.transaction(async (tx) => {
        await tx.exec(`
          CREATE TABLE broken_parent (id int PRIMARY KEY, factory_id int NOT NULL,
                                      UNIQUE (factory_id, id));
          CREATE TABLE broken_child (id int, factory_id int,
                                     parent_id int REFERENCES broken_parent (id),
                                     PRIMARY KEY (id, factory_id));
          CREATE UNIQUE INDEX broken_child_parent_key ON broken_child (parent_id);
          CREATE TABLE broken_loose (x int);
          CREATE TABLE broken_keyless (factory_id int);`);
        // Only the broken tables: the rest of the schema is the other test's business.
        found = shardViolations(await readCatalog(tx)).filter((v) => v.table.startsWith('broken_'));
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(found).toEqual(
      expect.arrayContaining([
        { table: 'broken_parent', rule: 'primary key broken_parent_pkey lacks factory_id' },
        { table: 'broken_child', rule: 'unique index broken_child_parent_key lacks factory_id' },
        {
          table: 'broken_child',
          rule: 'foreign key broken_child_parent_id_fkey to broken_parent does not pair factory_id with factory_id',
        },
        { table: 'broken_loose', rule: 'has no factory_id and is not a listed reference table' },
        { table: 'broken_keyless', rule: 'factory_id may be NULL' },
        { table: 'broken_keyless', rule: 'has no primary key' },
      ]),
    );
    expect(found).toHaveLength(6);
  });
});
