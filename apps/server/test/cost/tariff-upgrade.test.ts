import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TARIFF } from '@wattboard/contract';
import { migrate } from '../../src/platform/db/migrate.ts';
import {
  addContractRatesToDefault,
  MODEL_DEFAULT_NAME,
  saveTariffVersion,
  tariffVersions,
  upgradeModelDefaultTariffs,
} from '../../src/modules/cost/repo/tariff-store.ts';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { createTestFactory } from '../pipeline/pipeline-fixtures.ts';

/** The earlier shipped default: the same shape, the model's name and its 2024 figures. */
const MODEL = { ...DEFAULT_TARIFF, name: MODEL_DEFAULT_NAME, sourceValidFrom: '2024-04-01' };

describe.each(backends)(
  'the earlier model default is brought to the current table on %s',
  (backend) => {
    let testDb: TestDb;
    let untouched: number;
    let edited: number;
    beforeAll(async () => {
      testDb = await openTestDb(backend);
      await migrate(testDb.db);
      untouched = (await createTestFactory(testDb.db, 'Asia/Taipei')).factoryId;
      edited = (await createTestFactory(testDb.db, 'Asia/Taipei')).factoryId;
      for (const factoryId of [untouched, edited]) {
        await saveTariffVersion(testDb.db, factoryId, '2000-01-01', MODEL, null);
      }
      // A person saved a version of their own: their tariff is theirs.
      await saveTariffVersion(testDb.db, edited, '2026-01-01', MODEL, 'manager@example.com');
    });
    afterAll(() => testDb.dispose());

    it('adds the 2025-10-01 table as a version from that day to an untouched factory, once', async () => {
      expect(await upgradeModelDefaultTariffs(testDb.db)).toBe(1);
      expect(await upgradeModelDefaultTariffs(testDb.db)).toBe(0);
      const versions = await tariffVersions(testDb.db, untouched);
      expect(versions.map((v) => [v.validFrom, v.definition.name])).toEqual([
        ['2025-10-01', DEFAULT_TARIFF.name],
        ['2000-01-01', MODEL_DEFAULT_NAME],
      ]);
      expect(versions[0]!.definition.days[0]!.rates).toEqual({
        peak: 9.39,
        halfPeak: 5.85,
        offPeak: 2.53,
      });
    });

    it('leaves a factory with a version a person saved alone', async () => {
      const versions = await tariffVersions(testDb.db, edited);
      expect(versions.map((v) => v.validFrom)).toEqual(['2026-01-01', '2000-01-01']);
    });
  },
);

describe.each(backends)('the stored default gains its contract-type rates on %s', (backend) => {
  let testDb: TestDb;
  afterAll(() => testDb.dispose());

  it('fills a default no person saved, once, and leaves a saved one alone', async () => {
    testDb = await openTestDb(backend);
    await migrate(testDb.db);
    const { contractBasicRates: _rates, stages: _stages, ...before } = DEFAULT_TARIFF;
    const untouched = (await createTestFactory(testDb.db, 'Asia/Taipei')).factoryId;
    const saved = (await createTestFactory(testDb.db, 'Asia/Taipei')).factoryId;
    await saveTariffVersion(testDb.db, untouched, '2000-01-01', before as never, null);
    await saveTariffVersion(testDb.db, saved, '2000-01-01', before as never, 'a@example.com');
    expect(await addContractRatesToDefault(testDb.db)).toBe(1);
    expect(await addContractRatesToDefault(testDb.db)).toBe(0);
    const [filled] = await tariffVersions(testDb.db, untouched);
    expect(filled!.definition.contractBasicRates).toEqual(DEFAULT_TARIFF.contractBasicRates);
    const [kept] = await tariffVersions(testDb.db, saved);
    expect(kept!.definition.contractBasicRates).toBeNull();
    expect(kept!.definition.stages).toBe('threeStage');
  });
});
