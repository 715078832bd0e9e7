import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf } from '@wattboard/zone-time';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { PUBLISHED_FACTORS } from '../../src/modules/carbon/index.ts';

const dir = fileURLToPath(new URL('../../src/platform/db/migrations/', import.meta.url));

/**
 * Migration 032 on a database that already holds factories: each gets the
 * published factors (the same list a new factory starts with), and a factor
 * changed by hand becomes its current year's entry instead of re-pricing history.
 */
describe.each(backends)('migration 032 (emission factors by year) on %s', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb(backend);
    const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
    const before = files.filter((name) => Number(name.slice(0, 3)) < 32);
    for (const name of before) await testDb.db.exec(await readFile(`${dir}${name}`, 'utf8'));
    await testDb.db.query(
      `INSERT INTO factories (slug, name, name_zh, time_zone, co2_factor) VALUES
         ('kept', 'Kept', '預設', 'Asia/Taipei', 0.474),
         ('custom', 'Custom', '自訂', 'Pacific/Kiritimati', 0.509)`,
    );
    await testDb.db.exec(await readFile(`${dir}032_emission_factors.sql`, 'utf8'));
    // 035 gives the shipped sources their Chinese text: it must match the code's too.
    await testDb.db.exec(await readFile(`${dir}035_emission_factor_source_zh.sql`, 'utf8'));
  });
  afterAll(() => testDb.dispose());

  const entries = (slug: string) =>
    testDb.db.query<{ year: number; kgPerKwh: number; source: string; sourceZh: string }>(
      `SELECT e.year, e.kg_per_kwh AS "kgPerKwh", e.source, e.source_zh AS "sourceZh"
         FROM emission_factors e
         JOIN factories f ON f.id = e.factory_id WHERE f.slug = $1 ORDER BY e.year`,
      [slug],
    );

  it('gives every factory the published factors, the same as the code ships', async () => {
    expect(await entries('kept')).toEqual(PUBLISHED_FACTORS.map((entry) => ({ ...entry })));
  });

  it("turns a factor changed by hand into the factory's current local year's entry", async () => {
    const year = Number(localDateOf(Date.now(), 'Pacific/Kiritimati').slice(0, 4));
    const custom = await entries('custom');
    expect(custom.find((entry) => entry.year === year)).toMatchObject({
      kgPerKwh: 0.509,
      sourceZh: '於按年係數之前在 Admin 輸入',
    });
    expect(custom.filter((entry) => entry.year !== year)).toEqual(
      PUBLISHED_FACTORS.filter((entry) => entry.year !== year).map((entry) => ({ ...entry })),
    );
  });
});
