import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';

const dir = fileURLToPath(new URL('../../src/platform/db/migrations/', import.meta.url));
const HASH = 'a'.repeat(64);

/** Migration 042 on a database that has users and a session from before (decision 0089). */
describe.each(backends)('migration 042 (memberships) on %s', (backend) => {
  let t: TestDb;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await openTestDb(backend);
    const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
    for (const file of files.filter((name) => name < '042')) {
      await t.db.exec(await readFile(`${dir}${file}`, 'utf8'));
    }
    const factory = async (slug: string) =>
      (
        await t.db.query<{ id: number }>(
          `INSERT INTO factories (slug, name, name_zh) VALUES ($1, $1, $1) RETURNING id`,
          [slug],
        )
      )[0]!.id;
    const one = await factory('one');
    const two = await factory('two');
    const user = async (factoryId: number, name: string, role?: string) =>
      (
        await t.db.query<{ id: number }>(
          role === undefined
            ? `INSERT INTO users (factory_id, email, username, password_hash)
               VALUES ($1, lower($2) || '@x.example', $2, 'h') RETURNING id`
            : `INSERT INTO users (factory_id, email, username, password_hash, role)
               VALUES ($1, lower($2) || '@x.example', $2, 'h', $3) RETURNING id`,
          role === undefined ? [factoryId, name] : [factoryId, name, role],
        )
      )[0]!.id;
    ids = {
      one,
      two,
      viewer: await user(one, 'vera', 'viewer'),
      operator: await user(two, 'otto', 'operator'),
      admin: await user(one, 'Admin'),
    };
    await t.db.query(
      `INSERT INTO sessions (token_hash, factory_id, user_id, expires_at)
       VALUES ($1, $2, $3, now() + interval '1 day')`,
      [HASH, two, ids.operator],
    );
    await t.db.exec(await readFile(`${dir}${files.find((f) => f.startsWith('042'))}`, 'utf8'));
  });
  afterAll(() => t?.dispose());

  it('gives every user one membership, home factory and role, and keeps the sessions', async () => {
    const rows = await t.db.query<{ factory_id: number; user_id: number; role: string }>(
      'SELECT factory_id, user_id, role FROM factory_memberships ORDER BY user_id',
    );
    expect(rows).toEqual([
      { factory_id: ids.one, user_id: ids.viewer, role: 'viewer' },
      { factory_id: ids.two, user_id: ids.operator, role: 'operator' },
      { factory_id: ids.one, user_id: ids.admin, role: 'manager' },
    ]);
    const columns = await t.db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_name = 'users' AND column_name = 'role' AND table_schema = current_schema()`,
    );
    expect(columns).toEqual([]);
    const sessions = await t.db.query('SELECT factory_id FROM sessions WHERE token_hash = $1', [
      HASH,
    ]);
    expect(sessions).toEqual([{ factory_id: ids.two }]);
  });

  it('refuses a session in a factory the person does not belong to, and the Admin user elsewhere', async () => {
    await expect(
      t.db.query('UPDATE sessions SET factory_id = $1 WHERE token_hash = $2', [ids.one, HASH]),
    ).rejects.toThrow();
    await expect(
      t.db.query(
        `INSERT INTO factory_memberships (factory_id, user_id, role) VALUES ($1, $2, 'viewer')`,
        [ids.two, ids.admin],
      ),
    ).rejects.toThrow(/Admin belongs to its own factory only/);
    // Another person may join, and then a session may look there.
    await t.db.query(
      `INSERT INTO factory_memberships (factory_id, user_id, role) VALUES ($1, $2, 'viewer')`,
      [ids.one, ids.operator],
    );
    await t.db.query('UPDATE sessions SET factory_id = $1 WHERE token_hash = $2', [ids.one, HASH]);
    // Ending that membership ends the sessions looking there.
    await t.db.query('DELETE FROM factory_memberships WHERE factory_id = $1 AND user_id = $2', [
      ids.one,
      ids.operator,
    ]);
    expect(await t.db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [HASH])).toEqual([]);
  });

  it('gives a new user its home membership in the same statement', async () => {
    const added = await t.db.query<{ id: number }>(
      `INSERT INTO users (factory_id, email, username, password_hash)
       VALUES ($1, 'new@x.example', 'new', 'h') RETURNING id`,
      [ids.two],
    );
    expect(
      await t.db.query('SELECT factory_id, role FROM factory_memberships WHERE user_id = $1', [
        added[0]!.id,
      ]),
    ).toEqual([{ factory_id: ids.two, role: 'manager' }]);
  });
});
