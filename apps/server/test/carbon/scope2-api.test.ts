import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scope2Response } from '@wattboard/contract';
import { storeReadings, type NormalizedReading } from '../../src/modules/rollups/store-readings.ts';
import { saveEmissionFactor } from '../../src/modules/carbon/index.ts';
import { rollupWorkerOf } from '../../src/modules/rollups/rollup-worker.ts';
import { backends } from '../helpers/backends.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  call,
  createFactory,
  createNode,
  signIn,
  type Session,
  type TestFactory,
} from '../monitor/monitor-app.ts';
import { hashPassword, scryptParams } from '../../src/modules/auth/password.ts';
import { ADMIN_USERNAME } from '../../src/modules/auth/index.ts';

const SCOPE2 = '/v1/Web/Carbon/Scope2';
const QUARTER = 15 * 60_000;
const taipei = (text: string) => Date.parse(`${text}+08:00`);

/**
 * The full server; a Taipei meter using 1 kWh a quarter hour from 22:00 on
 * 31 December 2025 to 02:00 on 1 January 2026: 8 kWh in each year, priced at
 * 0.5 (2025) and 0.4 kg/kWh (2026).
 */
describe.each(backends)('Scope 2 report on %s', (backend) => {
  let t: TestApp;
  let session: Session;
  let adminOf: TestFactory;
  const scope2 = async (year: unknown) => call(t.app, session, SCOPE2, { factoryId: 0, year });

  beforeAll(async () => {
    t = await startTestApp(backend);
    const db = t.testDb.db;
    const factory = await createFactory(db, 'scope', 'Asia/Taipei', 0.9);
    const meter = await createNode(db, factory.factoryId, {
      parentId: null,
      type: 'smartMeter',
      name: 'Main',
      chName: '總表',
      wiring: 'value',
      serial: 'S2-1',
    });
    await saveEmissionFactor(db, factory.factoryId, {
      year: 2025,
      kgPerKwh: 0.5,
      source: 'MOEA',
      sourceZh: '經濟部',
    });
    await saveEmissionFactor(db, factory.factoryId, {
      year: 2026,
      kgPerKwh: 0.4,
      source: 'MOEA',
      sourceZh: '經濟部',
    });
    const readings: NormalizedReading[] = [];
    let counter = 500;
    for (let ts = taipei('2025-12-31T22:00'); ts <= taipei('2026-01-01T02:00'); ts += QUARTER) {
      readings.push({
        nodeId: meter,
        ts: new Date(ts),
        phases: { value: { voltage: 220, current: 10, kw: 4, pf: 0.9 } },
        kw: 4,
        kwhForward: counter++,
        kwhReverse: null,
        frequency: 60,
        temperature: null,
      });
    }
    await storeReadings(db, factory.factoryId, readings);
    // The hourly and daily rollups are the worker's: wait until it has built them.
    await rollupWorkerOf(db)?.settle(factory.factoryId);
    session = await signIn(t.app, factory);
    adminOf = { ...factory, email: 'admin@scope.example', password: 'scope-admin-pw' };
    await db.query(
      'INSERT INTO users (factory_id, email, username, password_hash) VALUES ($1, $2, $3, $4)',
      [
        factory.factoryId,
        adminOf.email,
        ADMIN_USERNAME,
        await hashPassword(adminOf.password, scryptParams(10)),
      ],
    );
  });
  afterAll(() => t.close());

  it("gives a past year's twelve months at its own factor", async () => {
    const response = await scope2('2025');
    expect(response.statusCode).toBe(200);
    const body = scope2Response.parse(response.json());
    expect(body).toMatchObject({
      year: 2025,
      kgPerKwh: 0.5,
      factorYear: 2025,
      provisional: false,
      source: 'MOEA',
      sourceZh: '經濟部',
      kwh: 8,
      tco2e: 0.004,
    });
    expect(body.months).toHaveLength(12);
    expect(body.months[11]).toEqual({ month: '2025-12', kwh: 8, tco2e: 0.004 });
    expect(body.points).toHaveLength(1);
    expect(body.points[0]).toMatchObject({ name: 'Main', kwh: 8, tco2e: 0.004 });
    expect(body.carbonFee[0]).toEqual({ ntdPerTonne: 300, ntd: 1.2 });
  });

  it("puts January's energy in the next year, at that year's factor", async () => {
    const body = scope2Response.parse((await scope2(2026)).json());
    expect(body.months[0]).toEqual({ month: '2026-01', kwh: 8, tco2e: 0.0032 });
    expect(body).toMatchObject({ kgPerKwh: 0.4, kwh: 8, tco2e: 0.0032 });
  });

  it('gives the market-based figure with the T-REC certificates an Admin entered', async () => {
    const admin = await signIn(t.app, adminOf);
    const save = (body: Record<string, unknown>) =>
      call(t.app, admin, '/v1/Admin/RenewableCertificate/Save', { factoryId: 0, ...body });
    expect((await save({ year: 2025, kwh: '3', note: ' T-REC ' })).json()).toMatchObject({
      statusCode: 200,
      year: 2025,
      kwh: 3,
      note: 'T-REC',
    });
    const body = scope2Response.parse((await scope2(2025)).json());
    expect(body.certificates).toEqual({ kwh: 3, note: 'T-REC' });
    expect(body.marketBased).toEqual({ kwh: 5, tco2e: 0.0025 });
    // Location-based and the fee stay on the energy drawn.
    expect(body).toMatchObject({ kwh: 8, tco2e: 0.004 });
    expect((await save({ year: 2025, kwh: -1 })).statusCode).toBe(400);
    await save({ year: 2025, kwh: 0 });
    const cleared = scope2Response.parse((await scope2(2025)).json());
    expect(cleared.certificates).toEqual({ kwh: 0, note: '' });
    expect(cleared.marketBased).toEqual({ kwh: 8, tco2e: 0.004 });
  });

  it('marks a year without its own factor provisional', async () => {
    const body = scope2Response.parse((await scope2(2030)).json());
    expect(body).toMatchObject({ kgPerKwh: 0.4, factorYear: 2026, provisional: true, months: [] });
  });

  it('refuses a year that is not a whole year from 1990 to 2100, naming the field', async () => {
    for (const year of [1800, 2026.5, 'soon', null]) {
      const response = await scope2(year);
      expect(response.statusCode, String(year)).toBe(400);
      expect(response.json().message).toContain('year');
    }
  });
});
