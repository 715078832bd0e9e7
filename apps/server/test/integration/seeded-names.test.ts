import { DEFAULT_TARIFF, tariffDefinition } from '@wattboard/contract';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/platform/db/migrate.ts';
import { seedDemo } from '../../src/modules/demo/repo/seed.ts';
import { scryptParams } from '../../src/modules/auth/password.ts';
import { ensureDefaultTariffs } from '../../src/modules/cost/repo/tariff-store.ts';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';

/** Han characters: a Chinese counterpart has some; an English name has none. */
const HAN = /\p{Script=Han}/u;

interface NamePair {
  where: string;
  english: string;
  chinese: string;
}

/**
 * Every name the seed shows a person, as English/Chinese pairs read back from
 * the database (a new seeded table with a name belongs in this list). A
 * gateway has one label an admin types, so its seeded label carries both.
 */
async function seededNamePairs(testDb: TestDb): Promise<NamePair[]> {
  const pairs = (where: string, sql: string) =>
    testDb.db.query<{ id: number; english: string; chinese: string }>(sql).then((rows) =>
      rows.map((row) => ({
        where: `${where} #${row.id}`,
        english: row.english,
        chinese: row.chinese,
      })),
    );
  const tariffs = await testDb.db.query<{ id: number; definition: unknown }>(
    'SELECT id, definition FROM tariff_versions',
  );
  const gateways = await testDb.db.query<{ id: number; name: string }>(
    'SELECT id, name FROM gateways',
  );
  return [
    ...(await pairs('factory', 'SELECT id, name AS english, name_zh AS chinese FROM factories')),
    ...(await pairs('node', 'SELECT id, name AS english, ch_name AS chinese FROM nodes')),
    ...(await pairs(
      'control group',
      'SELECT id, group_name AS english, group_ch_name AS chinese FROM channel_groups',
    )),
    ...(await pairs(
      'control channel',
      'SELECT id, name AS english, ch_name AS chinese FROM channel_schedules',
    )),
    ...tariffs.flatMap((row) => {
      const raw = typeof row.definition === 'string' ? JSON.parse(row.definition) : row.definition;
      const tariff = tariffDefinition.parse(raw);
      return [
        { where: `tariff #${row.id} name`, english: tariff.name, chinese: tariff.nameZh },
        { where: `tariff #${row.id} source`, english: tariff.source, chinese: tariff.sourceZh },
        ...tariff.holidays.map((holiday) => ({
          where: `tariff #${row.id} holiday ${holiday.date}`,
          english: holiday.nameEn,
          chinese: holiday.name,
        })),
      ];
    }),
    ...gateways.map((row) => ({
      where: `gateway #${row.id}`,
      english: row.name.replace(/\s*\p{Script=Han}.*$/u, ''),
      chinese: row.name,
    })),
  ];
}

function untranslated(pairs: readonly NamePair[]): string[] {
  return pairs
    .filter((pair) => !pair.english.trim() || HAN.test(pair.english) || !HAN.test(pair.chinese))
    .map((pair) => `${pair.where}: "${pair.english}" / "${pair.chinese}"`);
}

describe.each(backends)('seeded names on %s', (backend) => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb(backend);
    await migrate(testDb.db);
    const seeded = await seedDemo(testDb.db, scryptParams(10));
    await ensureDefaultTariffs(testDb.db, seeded.factoryId);
  }, 120_000);
  afterAll(() => testDb.dispose());

  it('give every name a person sees in both languages', async () => {
    const pairs = await seededNamePairs(testDb);
    expect(pairs.some((pair) => pair.where.startsWith('control group'))).toBe(true);
    expect(pairs.some((pair) => pair.where.startsWith('tariff'))).toBe(true);
    expect(untranslated(pairs)).toEqual([]);
  });

  it('names the demo control groups in Chinese', async () => {
    const rows = await testDb.db.query<{ group_name: string; group_ch_name: string }>(
      'SELECT group_name, group_ch_name FROM channel_groups ORDER BY sort_order',
    );
    expect(rows.map((row) => [row.group_name, row.group_ch_name])).toEqual([
      ['Lighting', '照明'],
      ['Air Conditioning', '空調'],
      ['Switched Loads', '可切換負載'],
    ]);
  });

  it('catches a name left without its Chinese counterpart', () => {
    expect(
      untranslated([
        { where: 'a', english: 'Lighting', chinese: '' },
        { where: 'b', english: 'Lighting', chinese: 'Lighting' },
        { where: 'c', english: 'Rate table (電價表)', chinese: '電價表' },
        { where: 'd', english: 'Lighting', chinese: '照明' },
      ]),
    ).toEqual([
      'a: "Lighting" / ""',
      'b: "Lighting" / "Lighting"',
      'c: "Rate table (電價表)" / "電價表"',
    ]);
  });

  it('names groups and the tariff source in Chinese in a database seeded before they had it', async () => {
    const oldSource =
      'Taipower Company rate table (電價表), 高壓電力 三段式時間電價, 經常契約: https://www.taipower.com.tw/tc/page.aspx?mid=238';
    await testDb.db.query(`UPDATE channel_groups SET group_ch_name = ''`);
    await testDb.db.query(
      `UPDATE tariff_versions SET definition = (definition - 'sourceZh') || jsonb_build_object(
         'source', $1::text,
         'holidays', (SELECT jsonb_agg(h - 'nameEn') FROM jsonb_array_elements(definition->'holidays') AS h
                       WHERE h->>'name' = ANY($2::text[])))`,
      // The calendar a database seeded then held: the holidays before the 2025 law's additions.
      [
        oldSource,
        [
          '中華民國開國紀念日',
          '農曆除夕',
          '春節',
          '和平紀念日',
          '兒童節',
          '民族掃墓節',
          '兒童節及民族掃墓節',
          '勞動節',
          '端午節',
          '中秋節',
          '國慶日',
        ],
      ],
    );
    expect(untranslated(await seededNamePairs(testDb))).not.toEqual([]);
    const migration = new URL(
      '../../src/platform/db/migrations/017_bilingual_seeded_names.sql',
      import.meta.url,
    );
    await testDb.db.exec(await readFile(migration, 'utf8'));
    expect(untranslated(await seededNamePairs(testDb))).toEqual([]);
  });

  it('ships the default tariff with its source in both languages', () => {
    expect(
      untranslated([
        { where: 'default', english: DEFAULT_TARIFF.source, chinese: DEFAULT_TARIFF.sourceZh },
      ]),
    ).toEqual([]);
  });
});
