import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { parseMigrationFiles } from '../../src/platform/db/migration-plan.ts';
import { seedDemo } from '../../src/modules/demo/repo/seed.ts';
import { scryptParams } from '../../src/modules/auth/password.ts';
import { verifyPassword } from '../../src/modules/auth/password.ts';
import { DEMO_USERS } from '../../src/modules/demo/demo-factory.ts';

const TENANT_TABLES = [
  'users',
  'sessions',
  'nodes',
  'gateways',
  'readings',
  'rollups_15m',
  'rollups_1h',
  'rollups_1d',
  'alarm_settings',
  'events',
  'announcements',
  'email_receivers',
  'mail_outbox',
  'channel_groups',
  'channel_schedules',
  'commands',
];

describe.each(backends)('migrations and seed on %s', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb(backend);
  });
  afterAll(() => testDb.dispose());

  it('applies every migration once; running again, even concurrently, applies nothing', async () => {
    // Every file in the folder, in order (later issues add their own migrations).
    const files = parseMigrationFiles(
      (
        await readdir(fileURLToPath(new URL('../../src/platform/db/migrations/', import.meta.url)))
      ).filter((name) => name.endsWith('.sql')),
    );
    expect(await migrate(testDb.db)).toEqual(files.map((file) => file.version));
    expect(await migrate(testDb.db)).toEqual([]);
    const [a, b] = await Promise.all([migrate(testDb.db), migrate(testDb.db)]);
    expect([...a, ...b]).toEqual([]);
    const recorded = await testDb.db.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations',
    );
    expect(recorded.slice(0, 2)).toEqual([
      { version: 1, name: 'domain_schema' },
      { version: 2, name: 'rollup_demand_latest' },
    ]);
    expect(recorded).toEqual(files.map(({ version, name }) => ({ version, name })));
  });

  it('creates every domain table with factory_id', async () => {
    const rows = await testDb.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns
        WHERE column_name = 'factory_id' AND table_schema = current_schema()`,
    );
    const withFactory = new Set(rows.map((row) => row.table_name));
    for (const table of TENANT_TABLES) expect(withFactory, table).toContain(table);
  });

  it('refuses data that breaks the domain rules', async () => {
    const db = testDb.db;
    await expect(
      db.query("INSERT INTO factories (slug, name, name_zh) VALUES ('Bad Slug', 'x', 'x')"),
    ).rejects.toThrow();
    const factory = (
      await db.query<{ id: number }>(
        "INSERT INTO factories (slug, name, name_zh) VALUES ('rules', 'Rules', '規則') RETURNING id",
      )
    )[0]!.id;
    await expect(
      db.query(
        "INSERT INTO nodes (factory_id, type, ch_name, name, wiring) VALUES ($1, 'circuit', 'c', 'c', 'x,y')",
        [factory],
      ),
    ).rejects.toThrow();
    await expect(
      db.query(
        "INSERT INTO alarm_settings (factory_id, node_id, target, threshold_low, threshold_high) VALUES ($1, 1, 'voltage', 10, 5)",
        [factory],
      ),
    ).rejects.toThrow();
    await db.query("DELETE FROM factories WHERE slug = 'rules'");
  });

  it('seeds the demo factory once, with users whose passwords verify', async () => {
    const first = await seedDemo(testDb.db, scryptParams(10));
    expect(first.seeded).toBe(true);
    expect(first.gatewayKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = await seedDemo(testDb.db, scryptParams(10));
    expect(second).toEqual({ seeded: false, factoryId: first.factoryId });

    const factories = await testDb.db.query<Record<string, unknown>>(
      'SELECT name, name_zh, time_zone, co2_factor, contract_capacity_kw FROM factories',
    );
    expect(factories).toEqual([
      {
        name: 'Wattboard Demo Factory',
        name_zh: '瓦特板示範工廠',
        time_zone: 'Asia/Taipei',
        co2_factor: 0.474,
        contract_capacity_kw: 800,
      },
    ]);
    const users = await testDb.db.query<{
      email: string;
      username: string;
      role: string;
      password_hash: string;
    }>(
      `SELECT u.email, u.username, m.role, u.password_hash
         FROM users u JOIN factory_memberships m ON m.user_id = u.id AND m.factory_id = u.factory_id
        ORDER BY u.id`,
    );
    expect(users.map((u) => [u.email, u.username, u.role])).toEqual([
      ['demo@wattboard.local', 'demo', 'manager'],
      ['admin@wattboard.local', 'Admin', 'manager'],
      ['viewer@wattboard.local', 'viewer', 'viewer'],
    ]);
    for (const [index, user] of users.entries()) {
      await expect(verifyPassword(DEMO_USERS[index]!.password, user.password_hash)).resolves.toBe(
        true,
      );
    }
    const counts = await testDb.db.query<{ type: string; wiring: string | null; n: number }>(
      'SELECT type, wiring, count(*)::int AS n FROM nodes GROUP BY type, wiring',
    );
    const wirings = new Set(counts.map((row) => row.wiring).filter(Boolean));
    expect(wirings).toEqual(new Set(['a,b,c', 'ab,bc,ca', 'l1,l2', 'value']));
    const total = (type: string) =>
      counts.filter((row) => row.type === type).reduce((sum, row) => sum + row.n, 0);
    expect(total('smartMeter')).toBe(8);
    expect(total('circuit')).toBe(30);
    const reverse = await testDb.db.query<{ name: string }>(
      'SELECT name FROM nodes WHERE has_reverse_kwh',
    );
    expect(reverse.map((row) => row.name)).toEqual(['Solar Inverter 1', 'Solar Inverter 2']);
    expect(await testDb.db.query('SELECT id FROM gateways')).toHaveLength(1);
  });
});
