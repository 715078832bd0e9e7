import { fileURLToPath } from 'node:url';
import { loadModule, parseSync } from 'libpg-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/platform/db/migrate.ts';
import { openTestDb } from '../helpers/backends.ts';
import { tenantTables } from './catalog-rules.ts';
import { joinViolations } from './join-rules.ts';
import { readCatalog, readViews } from './read-catalog.ts';
import { collectSourceSql } from './sql-sources.ts';

const srcDir = fileURLToPath(new URL('../../src/', import.meta.url));
const TENANTS = new Set(['nodes', 'readings', 'latest_readings', 'events', 'mail_outbox']);
const check = (sql: string, tenants: ReadonlySet<string> = TENANTS) =>
  joinViolations(parseSync(sql), tenants).map((v) => v.tables.join(' ⋈ '));

beforeAll(() => loadModule());

describe('the join check itself', () => {
  it.each([
    ['a plain join on the node only', 'SELECT 1 FROM nodes n JOIN readings r ON r.node_id = n.id'],
    [
      'a comma join',
      'SELECT 1 FROM nodes n, readings r WHERE r.node_id = n.id AND n.factory_id = $1',
    ],
    [
      'a LATERAL subquery correlated on the node only',
      `SELECT n.id, r.ts FROM nodes n CROSS JOIN LATERAL
         (SELECT ts FROM readings WHERE node_id = n.id ORDER BY ts DESC LIMIT 1) r
        WHERE n.factory_id = $1`,
    ],
    [
      'an EXISTS correlated on the node only',
      `SELECT 1 FROM latest_readings l WHERE l.factory_id = $1
          AND NOT EXISTS (SELECT 1 FROM events e WHERE e.node_id = l.node_id)`,
    ],
    [
      'two tables filtered by different parameters',
      'SELECT 1 FROM nodes n JOIN readings r ON r.node_id = n.id WHERE n.factory_id = $1 AND r.factory_id = $2',
    ],
    [
      'UPDATE ... FROM',
      'UPDATE events e SET state = $2 FROM nodes n WHERE e.node_id = n.id AND n.factory_id = $1',
    ],
    [
      'DELETE ... USING inside a CTE',
      'WITH d AS (DELETE FROM readings r USING nodes n WHERE r.node_id = n.id RETURNING 1) SELECT count(*) FROM d',
    ],
    [
      'INSERT ... SELECT joining two tables',
      `INSERT INTO mail_outbox (factory_id, event_id) SELECT e.factory_id, e.id
         FROM events e JOIN nodes n ON n.id = e.node_id WHERE e.factory_id = $1`,
    ],
  ])('flags %s', (_name, sql) => {
    expect(check(sql)).not.toEqual([]);
  });

  it.each([
    [
      'a join on factory_id',
      'SELECT 1 FROM nodes n JOIN readings r ON r.factory_id = n.factory_id AND r.node_id = n.id',
    ],
    [
      'both filtered by one parameter',
      'SELECT 1 FROM nodes n JOIN readings r ON r.node_id = n.id WHERE n.factory_id = $1 AND r.factory_id = $1::int',
    ],
    [
      'a LATERAL subquery correlated through the factory',
      `SELECT 1 FROM nodes n CROSS JOIN LATERAL (SELECT ts FROM readings
          WHERE factory_id = n.factory_id AND node_id = n.id LIMIT 1) r`,
    ],
    [
      'a CTE named like nothing tenant',
      'WITH k AS (SELECT 1 AS node_id) SELECT 1 FROM k JOIN readings r ON r.node_id = k.node_id',
    ],
    [
      'one tenant table and a reference table',
      'SELECT 1 FROM nodes n JOIN factories f ON f.id = n.factory_id',
    ],
    [
      'uncorrelated subqueries',
      'SELECT (SELECT 1 FROM nodes WHERE factory_id = $1), (SELECT 1 FROM readings)',
    ],
  ])('accepts %s', (_name, sql) => {
    expect(check(sql)).toEqual([]);
  });
});

describe('ready to shard: every join between tenant tables in the server equates factory_id', () => {
  it('reads, parses and checks every statement of src/', async () => {
    const test = await openTestDb('pglite');
    let tenants: Set<string>;
    try {
      await migrate(test.db);
      // A view over a tenant table (active_nodes) is checked like the table: a join with it
      // must equate factory_id just the same.
      tenants = tenantTables([
        ...(await readCatalog(test.db)).tables,
        ...(await readViews(test.db)),
      ]);
      expect(tenants).toContain('active_nodes');
    } finally {
      await test.dispose();
    }
    const statements = await collectSourceSql(srcDir);
    expect(statements.length).toBeGreaterThan(150);

    const failures: string[] = [];
    for (const { at, sql } of statements) {
      let parsed: unknown;
      try {
        parsed = parseSync(sql);
      } catch (error) {
        // Text built at run time (e.g. `SET ${sets.join(', ')}`) cannot be read here; such a
        // statement must at least say which factory it touches.
        const dynamic = sql.includes('__sub_');
        const namesTenant = [...tenants].some((t) => new RegExp(`\\b${t}\\b`).test(sql));
        if (!dynamic) failures.push(`${at}: does not parse: ${String(error)}`);
        else if (namesTenant && !sql.includes('factory_id')) {
          failures.push(`${at}: built at run time and never names factory_id`);
        }
        continue;
      }
      for (const v of joinViolations(parsed, tenants)) {
        failures.push(`${at}: joins ${v.tables[0]} and ${v.tables[1]} without factory_id`);
      }
    }
    expect(failures).toEqual([]);
    // A fresh PGlite, its migrations and ~240 parses: slow on a loaded CI machine.
  }, 180_000);
});
