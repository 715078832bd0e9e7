import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TARIFF, StatusCode, wasteFindingsResponse } from '@wattboard/contract';
import { addDays, weekdayOf } from '@wattboard/zone-time';
import { authPlugin } from '../../src/modules/auth/plugin.ts';
import { userRoutes } from '../../src/modules/auth/routes.ts';
import { saveTariffVersion } from '../../src/modules/cost/repo/tariff-store.ts';
import { updateFactoryWorkingHours } from '../../src/modules/factory/repo/factory.ts';
import { demoSeedPlugin } from '../../src/modules/demo/index.ts';
import { wasteRoutes } from '../../src/modules/waste/index.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { dbPlugin } from '../../src/platform/db/plugin.ts';
import { errorHandlerPlugin } from '../../src/platform/http/error-handler.ts';
import { contractSerializerCompiler } from '../../src/platform/http/serializer.ts';
import { backends, openTestDb } from '../helpers/backends.ts';
import { testConfig } from '../helpers/test-app.ts';
import {
  call,
  createFactory,
  createNode,
  signIn,
  type Session,
  type TestFactory,
} from '../monitor/monitor-app.ts';

const FINDINGS = '/v1/Web/Waste/Findings';
const OFFSET = 8 * 3_600_000;
const local = (date: string, minute = 0) => Date.parse(`${date}T00:00Z`) - OFFSET + minute * 60_000;
const FIRST_DAY = '2026-10-31';
const LAST_DAY = '2026-11-23';

/**
 * A compressor in Asia/Taipei, 15-minute rollups from Sat 2026-10-31 to Mon
 * 2026-11-23: 10 kW in the weekday shifts (06:00-22:00, the demo factory's),
 * 0.2 kW otherwise, also in Saturday's shift (nobody needs air then). On the
 * weekend of 11-21 it was left running, 6 kW more, from Friday 22:00 to
 * Monday's shift at 06:00.
 */
function kwAt(date: string, minute: number): number {
  const start = local(date, minute);
  const leftOn = start >= local('2026-11-20', 22 * 60) && start < local('2026-11-23', 6 * 60);
  const weekday = weekdayOf(date);
  const shift = weekday >= 1 && weekday <= 5 && minute >= 6 * 60 && minute < 22 * 60;
  return (shift ? 10 : 0.2) + (leftOn ? 6 : 0);
}

/** Writes a point's 15-minute rollups for whole local days, `samples` as a meter read every minute. */
async function writeRollups(db: Db, factoryId: number, nodeId: number): Promise<void> {
  const starts: string[] = [];
  const kwh: number[] = [];
  for (let date = FIRST_DAY; date <= LAST_DAY; date = addDays(date, 1)) {
    for (let minute = 0; minute < 1440; minute += 15) {
      starts.push(new Date(local(date, minute)).toISOString());
      kwh.push(kwAt(date, minute) / 4);
    }
  }
  await db.query(
    `INSERT INTO rollups_15m (factory_id, node_id, bucket_start, kwh_forward, kwh_reverse, avg_kw, samples)
     SELECT $1, $2, s, f, 0, f * 4, 15
       FROM unnest($3::timestamptz[], $4::float8[]) AS u (s, f)`,
    [factoryId, nodeId, starts, kwh],
  );
}

/** The default tariff with one price, NT$ 4 a kWh, at every hour of every season. */
function flatTariff() {
  const flat = structuredClone(DEFAULT_TARIFF);
  for (const day of flat.days) {
    for (const period of Object.keys(day.rates) as Array<keyof typeof day.rates>) {
      day.rates[period] = 4;
    }
  }
  return flat;
}

describe.each(backends)('the waste findings call on %s', (backend) => {
  let db: Db;
  let close: () => Promise<void>;
  let app: Fastify.FastifyInstance;
  let a: TestFactory;
  let b: TestFactory;
  let aSession: Session;
  let bSession: Session;
  let compressor: number;
  let oven: number;
  let c: TestFactory;
  let cSession: Session;
  let press: number;
  const findings = (session: Session, body: object) =>
    call(app, session, FINDINGS, { factoryId: 0, ...body });
  const week = { startDate: '2026-11-16', endDate: LAST_DAY };

  beforeAll(async () => {
    const testDb = await openTestDb(backend);
    db = testDb.db;
    const config = testConfig();
    app = Fastify({ logger: false, pluginTimeout: 60_000 });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(contractSerializerCompiler);
    await app.register(errorHandlerPlugin);
    await app.register(dbPlugin, { config, db });
    await app.register(demoSeedPlugin, { config });
    await app.register(authPlugin);
    await app.register(userRoutes, { config });
    await app.register(wasteRoutes);
    await app.ready();
    close = async () => {
      await app.close();
      await testDb.dispose();
    };

    a = await createFactory(db, 'waste-a', 'Asia/Taipei', 0.5);
    compressor = await createNode(db, a.factoryId, {
      parentId: null,
      type: 'smartMeter',
      name: 'Compressor',
      chName: '空壓機',
      wiring: 'a,b,c',
      serial: 'WASTE-A',
    });
    await writeRollups(db, a.factoryId, compressor);
    await saveTariffVersion(db, a.factoryId, '2026-01-01', flatTariff(), 'test');
    // Factory B: the same machine, the same weekend, no tariff.
    b = await createFactory(db, 'waste-b', 'Asia/Taipei', 0.5);
    oven = await createNode(db, b.factoryId, {
      parentId: null,
      type: 'smartMeter',
      name: 'Oven',
      chName: '烤箱',
      wiring: 'a,b,c',
      serial: 'WASTE-B',
    });
    await writeRollups(db, b.factoryId, oven);
    aSession = await signIn(app, a);
    bSession = await signIn(app, b);
    // Factory C: the same compressor in a plant that also works all weekend (Admin › Factory).
    c = await createFactory(db, 'waste-c', 'Asia/Taipei', 0.5);
    press = await createNode(db, c.factoryId, {
      parentId: null,
      type: 'smartMeter',
      name: 'Press',
      chName: '沖床',
      wiring: 'a,b,c',
      serial: 'WASTE-C',
    });
    await writeRollups(db, c.factoryId, press);
    await updateFactoryWorkingHours(db, c.factoryId, {
      weekday: [{ from: '06:00', to: '22:00' }],
      saturday: [{ from: '00:00', to: '24:00' }],
      sundayHoliday: [{ from: '00:00', to: '24:00' }],
    });
    cSession = await signIn(app, c);
  });
  afterAll(() => close());

  it('finds the weekend the compressor was left on, in kWh, NT$ and kg CO2 a week', async () => {
    const response = await findings(aSession, week);
    expect(response.statusCode).toBe(200);
    const body = wasteFindingsResponse.parse(response.json());
    expect(body).toMatchObject({
      statusCode: StatusCode.OK,
      currency: 'TWD',
      ntdPerKwh: 4,
      kgCo2PerKwh: 0.5,
    });
    // Outside the shifts (Friday 22:00-24:00, Saturday before 08:00 and from 17:00, all
    // Sunday, Monday before 06:00): 8 + 32 + 28 + 96 + 24 = 188 quarters, 6 kW above the
    // typical day's 0.2 kW: 188 × 6 kW × 0.25 h = 282 kWh. Under a week, so all of it is
    // the week's: NT$ 282 × 4 = 1128, 282 × 0.5 = 141 kg.
    expect(body.findings).toEqual([
      {
        nodeId: compressor,
        chName: '空壓機',
        name: 'Compressor',
        kind: 'offHours',
        start: '2026-11-20T22:00:00+08:00',
        end: '2026-11-23T06:00:00+08:00',
        kwh: 282,
        kwhPerWeek: 282,
        costPerWeek: 1128,
        co2KgPerWeek: 141,
      },
    ]);
  });

  it('leaves out what ended before the range', async () => {
    const body = wasteFindingsResponse.parse(
      (await findings(aSession, { startDate: LAST_DAY, endDate: LAST_DAY })).json(),
    );
    expect(body.findings.map((finding) => finding.start)).toEqual(['2026-11-20T22:00:00+08:00']);
    const after = wasteFindingsResponse.parse(
      (await findings(aSession, { startDate: '2026-11-24', endDate: '2026-11-24' })).json(),
    );
    expect(after.findings).toEqual([]);
  });

  it('refuses more than 31 days with a 400 naming endDate', async () => {
    const response = await findings(aSession, { startDate: '2026-10-23', endDate: LAST_DAY });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^endDate: .*at most 31 days/);
    const month = await findings(aSession, { startDate: '2026-10-24', endDate: LAST_DAY });
    expect(month.statusCode).toBe(200);
  });

  it('shows a factory its own points only, unpriced without a tariff', async () => {
    const own = wasteFindingsResponse.parse((await findings(bSession, week)).json());
    expect(own.ntdPerKwh).toBeNull();
    expect(
      own.findings.map((finding) => [finding.nodeId, finding.name, finding.costPerWeek]),
    ).toEqual([[oven, 'Oven', null]]);
    const aNodes = wasteFindingsResponse
      .parse((await findings(aSession, week)).json())
      .findings.map((finding) => finding.nodeId);
    expect(aNodes).not.toContain(oven);
    const other = await findings(bSession, { ...week, factoryId: a.factoryId });
    expect(other.json().statusCode).toBe(StatusCode.FactoryNotFound);
  });

  it("judges by the factory's own working hours: a plant that works weekends", async () => {
    const body = wasteFindingsResponse.parse((await findings(cSession, week)).json());
    // The weekend is worked, so only Friday 22:00-24:00 (8 quarters) and Monday 00:00-06:00
    // (24 quarters) are off hours, two days apart: 24 × 6 × 0.25 = 36 and 8 × 6 × 0.25 = 12 kWh.
    expect(
      body.findings.map((finding) => [finding.nodeId, finding.kind, finding.start, finding.kwh]),
    ).toEqual([
      [press, 'offHours', '2026-11-23T00:00:00+08:00', 36],
      [press, 'offHours', '2026-11-20T22:00:00+08:00', 12],
    ]);
  });
});
