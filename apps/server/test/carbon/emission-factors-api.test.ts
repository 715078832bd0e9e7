import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEmissionFactorsResponse,
  adminFactoryResponse,
  EMISSION_FACTOR_MESSAGES,
} from '@wattboard/contract';
import { localDateOf } from '@wattboard/zone-time';
import { PUBLISHED_FACTORS } from '../../src/modules/carbon/index.ts';
import { backends } from '../helpers/backends.ts';
import { startAdminFixture, type AdminFixture } from '../admin/admin-fixture.ts';

const LIST = '/v1/Admin/EmissionFactor/List';
const SAVE = '/v1/Admin/EmissionFactor/Save';
const REMOVE = '/v1/Admin/EmissionFactor/Remove';
const thisYear = Number(localDateOf(Date.now(), 'Asia/Taipei').slice(0, 4));

describe.each(backends)('Admin emission factors by year on %s', (backend) => {
  let f: AdminFixture;
  const list = async (token = f.adminToken) =>
    adminEmissionFactorsResponse.parse((await f.call(LIST, token)).json());

  beforeAll(async () => {
    f = await startAdminFixture(backend);
  });
  afterAll(() => f.close());

  it("starts with Taiwan's published factors, each with its source; this year uses the latest", async () => {
    const body = await list();
    expect(body.factors).toEqual(PUBLISHED_FACTORS.map((entry) => ({ ...entry })));
    expect(body.currentYear).toBe(thisYear);
    const latest = PUBLISHED_FACTORS.at(-1)!;
    expect(body.current).toEqual({ kgPerKwh: latest.kgPerKwh, fromYear: latest.year });
  });

  it('adds and replaces a year, audited, and Factory shows this year’s factor', async () => {
    const saved = await f.call(SAVE, f.adminToken, {
      year: String(thisYear),
      kgPerKwh: '0.45',
      source: '  Energy Administration  ',
      sourceZh: ' 能源署 ',
    });
    expect(saved.statusCode).toBe(200);
    const body = adminEmissionFactorsResponse.parse(saved.json());
    expect(body.factors.at(-1)).toEqual({
      year: thisYear,
      kgPerKwh: 0.45,
      source: 'Energy Administration',
      sourceZh: '能源署',
    });
    expect(body.current).toEqual({ kgPerKwh: 0.45, fromYear: thisYear });
    const factory = adminFactoryResponse.parse(
      (await f.call('/v1/Admin/Factory/Get', f.adminToken)).json(),
    );
    expect(factory.factory.co2Factor).toBe(0.45);
    const audit = await f.t.testDb.db.query<{ target_id: string }>(
      "SELECT target_id FROM audit_log WHERE action = 'emission-factor.save'",
    );
    expect(audit.map((row) => row.target_id)).toEqual([String(thisYear)]);
  });

  it("saving the Factory form with another factor changes only this year's entry", async () => {
    const before = await list();
    const factory = adminFactoryResponse.parse(
      (await f.call('/v1/Admin/Factory/Get', f.adminToken)).json(),
    );
    const { name, nameZh, timeZone, contractCapacityKw } = factory.factory;
    const update = { name, nameZh, timeZone, contractCapacityKw };
    await f.call('/v1/Admin/Factory/Update', f.adminToken, { ...update, co2Factor: 0.41 });
    const after = await list();
    expect(after.factors.filter((entry) => entry.year !== thisYear)).toEqual(
      before.factors.filter((entry) => entry.year !== thisYear),
    );
    expect(after.factors.find((entry) => entry.year === thisYear)!.kgPerKwh).toBe(0.41);
    // The same factor again adds no entry and no change.
    await f.call('/v1/Admin/Factory/Update', f.adminToken, { ...update, co2Factor: 0.41 });
    expect((await list()).factors).toEqual(after.factors);
  });

  it('removes a year, which then uses the one before it; never the last entry', async () => {
    const removed = adminEmissionFactorsResponse.parse(
      (await f.call(REMOVE, f.adminToken, { year: thisYear })).json(),
    );
    expect(removed.factors.some((entry) => entry.year === thisYear)).toBe(false);
    expect(removed.current!.fromYear).toBeLessThan(thisYear);
    const missing = await f.call(REMOVE, f.adminToken, { year: 1999 });
    expect(missing.json().statusCode).toBe(1011);
    for (const entry of removed.factors.slice(1)) {
      await f.call(REMOVE, f.adminToken, { year: entry.year });
    }
    const last = await f.call(REMOVE, f.adminToken, { year: removed.factors[0]!.year });
    expect(last.json()).toMatchObject({
      statusCode: 201,
      message: EMISSION_FACTOR_MESSAGES.lastEntry,
    });
    expect((await list()).factors).toHaveLength(1);
  });

  it('refuses bad input with a message naming the field, changing nothing', async () => {
    const before = await list();
    for (const [body, field] of [
      [{ year: 1800, kgPerKwh: 0.5 }, 'year'],
      [{ year: 2026.5, kgPerKwh: 0.5 }, 'year'],
      [{ year: 2026, kgPerKwh: -1 }, 'kgPerKwh'],
      [{ year: 2026, kgPerKwh: 'lots' }, 'kgPerKwh'],
      [{ year: 2026, kgPerKwh: 0.5, source: 'a\nb' }, 'source'],
      [{ year: 2026, kgPerKwh: 0.5, source: 'x'.repeat(301) }, 'source'],
      [{ year: 2026, kgPerKwh: 0.5, sourceZh: '係'.repeat(301) }, 'sourceZh'],
    ] as const) {
      const response = await f.call(SAVE, f.adminToken, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    }
    expect((await list()).factors).toEqual(before.factors);
  });

  it('is for the Admin user only, and never shows another factory’s factors', async () => {
    expect((await f.call(LIST, f.demoToken)).statusCode).toBe(403);
    // The other factory was made without entries (as before factors by year).
    const other = await list(f.otherAdminToken);
    expect(other).toMatchObject({ factors: [], current: null });
    const foreign = await f.call(SAVE, f.otherAdminToken, {
      factoryId: f.demoFactory,
      year: 2030,
      kgPerKwh: 0.3,
    });
    expect(foreign.json().statusCode).toBe(1008);
  });
});
