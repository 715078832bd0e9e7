import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminBillingPointAdviceResponse,
  adminBillingPointsResponse,
  costSummaryResponse,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { ADMIN, DEMO, signInAs } from '../helpers/test-app.ts';
import { call, createNode, type Session } from '../monitor/monitor-app.ts';
import { ZoneClock } from '@wattboard/zone-time';
import { overviewReport } from '../../src/modules/overview/repo/overview-report.ts';
import {
  loadReportFactory,
  loadReportFigures,
} from '../../src/modules/scheduled-reports/repo/report-data.ts';
import { demoRoot, startCostApp, SUMMARY, writeQuarters, type CostTestApp } from './cost-app.ts';

const LIST = '/v1/Admin/BillingPoint/List';
const SAVE = '/v1/Admin/BillingPoint/Save';
const REMOVE = '/v1/Admin/BillingPoint/Remove';
const ADVICE = '/v1/Admin/BillingPoint/Advice';

/** Thu 2026-12-10 10:07 in Taipei: non-summer, no off-peak day since 2026-11-15. */
const NOW = new Date('2026-12-10T02:07:00Z');
const taipei = (local: string) => Date.parse(`${local}+08:00`);

// The default's non-summer rates (Taipower's table of 2025-10-01), TWD/kWh and TWD/kW·month.
const OFF = 2.32;
const HALF = 5.47;
const SATURDAY_HALF = 2.41;
const BASIC = 166.9;
const cents = (value: number) => Math.round(value * 100) / 100;
// Days of 96 kWh (1 a quarter): off-peak for 36 quarters, half-peak for 60 on working days.
const WEEKDAY = 36 * OFF + 60 * HALF;
const SATURDAY = 36 * OFF + 60 * SATURDAY_HALF;
const SUNDAY = 96 * OFF;
const TODAY = 24 * OFF + 17 * HALF; // 00:00–10:15

describe.each(backends)('billing points on %s', (backend) => {
  let t: CostTestApp;
  let user: Session;
  let admin: Session;
  let factoryId: number;
  let rootId: number;
  let office: number;
  let officeMeter: number;
  let stray: number;

  beforeAll(async () => {
    t = await startCostApp(backend, NOW);
    ({ factoryId, rootId } = await demoRoot(t.db));
    // A second Taipower account: the office building's own supply and its meter.
    office = await createNode(t.db, factoryId, {
      parentId: null,
      type: 'virtual',
      chName: '辦公大樓',
      name: 'Office building',
      sortOrder: 100,
    });
    officeMeter = await createNode(t.db, factoryId, {
      parentId: office,
      type: 'smartMeter',
      chName: '辦公大樓電表',
      name: 'Office meter',
      wiring: 'a,b,c',
      serial: 'BP-OFFICE',
      sortOrder: 0,
    });
    stray = await createNode(t.db, factoryId, {
      parentId: null,
      type: 'smartMeter',
      chName: '臨時表',
      name: 'Temporary meter',
      wiring: 'a,b,c',
      serial: 'BP-STRAY',
      sortOrder: 101,
    });
    // The office draws 1 kWh a quarter from 2026-11-15 (its reading day) with one 293 kW block.
    await writeQuarters(
      t.db,
      factoryId,
      office,
      taipei('2026-11-15T00:00:00'),
      taipei('2026-12-10T10:15:00'),
      (s) => ({ kwh: 1, kw: s === taipei('2026-11-20T15:00:00') ? 293 : 4 }),
    );
    const u = await signInAs(t.app, DEMO);
    const a = await signInAs(t.app, ADMIN);
    user = { email: u.email, token: u.token };
    admin = { email: a.email, token: a.token };
  });
  afterAll(() => t.close());

  it('lists the main point and warns about top-level points on no bill', async () => {
    const body = adminBillingPointsResponse.parse((await call(t.app, admin, LIST, {})).json());
    expect(body.billingPoints).toEqual([
      expect.objectContaining({ nodeId: rootId, main: true, meterReadingDay: 1 }),
    ]);
    expect(body.uncovered.map((p) => p.nodeId)).toEqual([office, stray]);
    expect(body.uncovered[0]).toEqual({
      nodeId: office,
      chName: '辦公大樓',
      name: 'Office building',
    });
  });

  it('refuses a point inside another, a retired or unknown point, and bad terms', async () => {
    const nested = (
      await call(t.app, admin, SAVE, {
        nodeId: officeMeter,
        meterReadingDay: 1,
        contractCapacityKw: 50,
      })
    ).json();
    // The office is not a point yet, so its meter may be one…
    expect(nested.statusCode).toBe(200);
    // …and then the office building above it may not.
    const above = (
      await call(t.app, admin, SAVE, { nodeId: office, meterReadingDay: 1, contractCapacityKw: 50 })
    ).json();
    expect(above).toMatchObject({ statusCode: 201, message: ADMIN_MESSAGES.billingPointNested });
    expect((await call(t.app, admin, REMOVE, { nodeId: officeMeter })).json().statusCode).toBe(200);

    const [child] = await t.db.query<{ id: number }>(
      'SELECT id FROM nodes WHERE factory_id = $1 AND parent_id = $2 LIMIT 1',
      [factoryId, rootId],
    );
    const under = (
      await call(t.app, admin, SAVE, {
        nodeId: child!.id,
        meterReadingDay: 1,
        contractCapacityKw: null,
      })
    ).json();
    expect(under).toMatchObject({ statusCode: 201, message: ADMIN_MESSAGES.billingPointNested });
    const unknown = (
      await call(t.app, admin, SAVE, {
        nodeId: 999_999,
        meterReadingDay: 1,
        contractCapacityKw: null,
      })
    ).json();
    expect(unknown.statusCode).toBe(1009);
    const day29 = await call(t.app, admin, SAVE, {
      nodeId: office,
      meterReadingDay: 29,
      contractCapacityKw: 200,
    });
    expect(day29.statusCode).toBe(400);
    expect(day29.json().message).toMatch(/meterReadingDay must be at most 28/);
    const letters = await call(t.app, admin, SAVE, {
      nodeId: office,
      meterReadingDay: 15,
      contractCapacityKw: 200,
      accountNumber: 'abc',
    });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().message).toMatch(/accountNumber/);
    expect((await call(t.app, user, LIST, {})).statusCode).toBe(403);
    const main = (await call(t.app, admin, REMOVE, { nodeId: rootId })).json();
    expect(main).toMatchObject({ statusCode: 201, message: ADMIN_MESSAGES.billingPointMain });
  });

  it("bills a second supply on its own reading day and contract, and the factory's bill is the sum", async () => {
    const before = costSummaryResponse.parse((await call(t.app, user, SUMMARY, {})).json());
    const saved = adminBillingPointsResponse.parse(
      (
        await call(t.app, admin, SAVE, {
          nodeId: office,
          contractCapacityKw: '200',
          meterReadingDay: 15,
          accountNumber: ' 01-2345-6789-0 ',
        })
      ).json(),
    );
    expect(saved.billingPoints.map((p) => [p.nodeId, p.main, p.meterReadingDay])).toEqual([
      [rootId, true, 1],
      [office, false, 15],
    ]);
    expect(saved.billingPoints[1]!.accountNumber).toBe('01-2345-6789-0');
    expect(saved.uncovered.map((p) => p.nodeId)).toEqual([stray]);

    const body = costSummaryResponse.parse((await call(t.app, user, SUMMARY, {})).json());
    const [main, second] = body.billingPoints;
    expect(main).toMatchObject({
      nodeId: rootId,
      periodFrom: '2026-12-01',
      periodTo: '2026-12-31',
    });
    expect(main!.total).toBe(before.month.total);
    // 2026-11-15 (Sun) … 12-09: 18 working days, 3 Saturdays, 4 Sundays, then today to 10:15.
    const energy = 18 * WEEKDAY + 3 * SATURDAY + 4 * SUNDAY + TODAY;
    // 293 kW on 200: 20 kW (10 %) at 2×, 73 kW at 3×, at the non-summer basic rate.
    const penalty = (20 * 2 + 73 * 3) * BASIC;
    expect(second).toEqual({
      nodeId: office,
      chName: '辦公大樓',
      name: 'Office building',
      main: false,
      periodFrom: '2026-11-15',
      periodTo: '2026-12-14',
      kwh: 25 * 96 + 41,
      energyCost: cents(energy),
      peakDemandKw: 293,
      peakDemandAt: '2026-11-20T15:00:00+08:00',
      contractCapacityKw: 200,
      basicCharge: cents(200 * BASIC),
      penalty: cents(penalty),
      powerFactorPercent: null,
      powerFactorAdjustment: null,
      total: cents(energy + 200 * BASIC + penalty),
      projectedTotal: expect.any(Number),
    });
    expect(penalty).toBeCloseTo(43_227.1, 6);
    // The factory: both points summed; the demand figures stay the main point's.
    expect(body.today.kwh).toBe(before.today.kwh + 41);
    expect(body.month.kwh).toBe(before.month.kwh + second!.kwh);
    expect(body.month.total).toBeCloseTo(before.month.total! + second!.total!, 2);
    expect(body.month.penalty).toBeCloseTo(before.month.penalty! + second!.penalty!, 2);
    expect(body.month.peakDemandKw).toBe(before.month.peakDemandKw);
    expect(body.month.contractCapacityKw).toBe(before.month.contractCapacityKw);
    // Projected to 12-14: the rest of today and 4 more days at the week's mean (12-03 … 12-09).
    const daily = (5 * WEEKDAY + SATURDAY + SUNDAY) / 7;
    const left = 1 - (10 * 60 + 7) / 1440 + 4;
    expect(second!.projectedTotal).toBeCloseTo(energy + daily * left + 200 * BASIC + penalty, 1);

    const audit = await t.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE factory_id = $1 AND action LIKE 'billing-point.%' ORDER BY id",
      [factoryId],
    );
    expect(audit.map((r) => r.action)).toEqual([
      'billing-point.save',
      'billing-point.remove',
      'billing-point.save',
    ]);
  });

  it("counts every billing point in the Overview's kWh, and the main point's demand only", async () => {
    const clock = new ZoneClock('Asia/Taipei');
    // The month's earlier days come from the daily rollups the worker would build (Taipei: +8 h).
    await t.db.query(
      `INSERT INTO rollups_1d (factory_id, node_id, bucket_start, kwh_forward, kwh_reverse, samples)
       SELECT factory_id, node_id, date_trunc('day', bucket_start + interval '8 hours') - interval '8 hours',
              sum(kwh_forward), sum(kwh_reverse), sum(samples)
         FROM rollups_15m WHERE factory_id = $1 AND node_id = $2
        GROUP BY 1, 2, 3`,
      [factoryId, office],
    );
    const withOffice = await overviewReport(t.db, factoryId, clock, NOW.getTime());
    await call(t.app, admin, REMOVE, { nodeId: office });
    const without = await overviewReport(t.db, factoryId, clock, NOW.getTime());
    // Today up to 10:07: the office's 40 complete quarters and the open one (1 kWh each).
    expect(withOffice.averagePowerUsage.day.kwh - without.averagePowerUsage.day.kwh).toBeCloseTo(
      41,
      6,
    );
    // December so far: 9 days of 96 and today's 41.
    expect(
      withOffice.averagePowerUsage.month.kwh - without.averagePowerUsage.month.kwh,
    ).toBeCloseTo(9 * 96 + 41, 6);
    expect(withOffice.demand).toEqual(without.demand);
    // The weekly report counts the same energy: Dec 1–7, seven days of 96 kWh at the office.
    const factory = (await loadReportFactory(t.db, factoryId))!;
    const week = { from: '2026-12-01', to: '2026-12-07' };
    const before = { from: '2026-11-24', to: '2026-11-30' };
    const reportWithout = await loadReportFigures(t.db, factory, week, before);
    await call(t.app, admin, SAVE, {
      nodeId: office,
      contractCapacityKw: 200,
      meterReadingDay: 15,
    });
    const reportWith = await loadReportFigures(t.db, factory, week, before);
    expect(reportWith.kwh - reportWithout.kwh).toBeCloseTo(7 * 96, 3);
    // Dec 1–4 working days, 5 Saturday, 6 Sunday, 7 Monday: priced at the office's own energy.
    expect(reportWith.cost! - reportWithout.cost!).toBeCloseTo(5 * WEEKDAY + SATURDAY + SUNDAY, 1);
    expect(reportWith.peak).toEqual(reportWithout.peak);
    await call(t.app, admin, REMOVE, { nodeId: office });
    await call(t.app, admin, SAVE, {
      nodeId: office,
      contractCapacityKw: 200,
      meterReadingDay: 15,
    });
  });

  it("keeps the main point's terms on the factory: a reading day of 15 moves its period", async () => {
    await call(t.app, admin, SAVE, {
      nodeId: rootId,
      contractCapacityKw: 800,
      meterReadingDay: 15,
    });
    const body = costSummaryResponse.parse((await call(t.app, user, SUMMARY, {})).json());
    expect(body.month).toMatchObject({
      periodFrom: '2026-11-15',
      periodTo: '2026-12-14',
      contractCapacityKw: 800,
    });
    const factory = await t.db.query<{ meter_reading_day: number }>(
      'SELECT meter_reading_day FROM factories WHERE id = $1',
      [factoryId],
    );
    expect(Number(factory[0]!.meter_reading_day)).toBe(15);
  });

  it('bills the other contract types of a point and refuses those the tariff cannot bill', async () => {
    const terms = { nodeId: rootId, contractCapacityKw: 800, meterReadingDay: 15 };
    const saved = adminBillingPointsResponse.parse(
      (
        await call(t.app, admin, SAVE, {
          ...terms,
          otherContractsKw: { halfPeak: 100, offPeak: '600' },
        })
      ).json(),
    );
    expect(saved.billingPoints[0]!.otherContractsKw).toEqual({
      halfPeak: 100,
      nonSummer: 0,
      saturdayHalfPeak: 0,
      offPeak: 600,
    });
    const body = costSummaryResponse.parse((await call(t.app, user, SUMMARY, {})).json());
    // 15 Nov – 14 Dec, non-summer: regular and half-peak at 166.90; off-peak kW beyond half
    // of regular + half-peak (600 − 450 = 150) at 33.30 (T1 p.27, p.29–30).
    const main = body.billingPoints.find((point) => point.main)!;
    expect(main.basicCharge).toBe(cents(800 * 166.9 + 100 * 166.9 + 150 * 33.3));

    const refused = async (others: object, contractCapacityKw: number | null = 800) =>
      (
        await call(t.app, admin, SAVE, { ...terms, contractCapacityKw, otherContractsKw: others })
      ).json();
    // Non-summer contracts belong to two-stage tariffs; the default is three-stage.
    expect(await refused({ nonSummer: 50 })).toMatchObject({
      statusCode: 201,
      message: ADMIN_MESSAGES.otherContractsNotInTariff,
    });
    expect(await refused({ offPeak: 50 }, null)).toMatchObject({
      statusCode: 201,
      message: ADMIN_MESSAGES.otherContractsNeedRegular,
    });
    expect(await refused({ offPeak: -1 })).toMatchObject({ statusCode: 201 });
    expect((await refused({ offPeak: -1 })).message).toContain('otherContractsKw.offPeak');
    // Nothing of a refused save was kept; a save without the field is regular-only again.
    const list = adminBillingPointsResponse.parse((await call(t.app, admin, LIST, {})).json());
    expect(list.billingPoints[0]!.otherContractsKw.halfPeak).toBe(100);
    await call(t.app, admin, SAVE, terms);
    const after = adminBillingPointsResponse.parse((await call(t.app, admin, LIST, {})).json());
    expect(after.billingPoints[0]!.otherContractsKw).toEqual({
      halfPeak: 0,
      nonSummer: 0,
      saturdayHalfPeak: 0,
      offPeak: 0,
    });
  });

  it('advises the contract capacity that would have cost least over the last 12 periods', async () => {
    const line = await createNode(t.db, factoryId, {
      parentId: null,
      type: 'smartMeter',
      chName: '二廠進線',
      name: 'Plant 2 supply',
      wiring: 'a,b,c',
      serial: 'BP-PLANT2',
      sortOrder: 102,
    });
    // One block a month at 17:00, Dec 2025 … Nov 2026: 400 kW, and 600 kW in July, in summer
    // peak hours (16–22), where a regular contract's excess is charged at the regular rate.
    for (const month of [
      '2025-12',
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((m) => `2026-${String(m).padStart(2, '0')}`),
    ]) {
      const at = taipei(`${month}-10T17:00:00`);
      await writeQuarters(t.db, factoryId, line, at, at + 900_000, () => ({
        kwh: 1,
        kw: month === '2026-07' ? 600 : 400,
      }));
    }
    // The meter's data begins on the first period's first day (a quiet night block), so that
    // period is complete; a period the data began in the middle of would not be.
    const start = taipei('2025-12-01T00:00:00');
    await writeQuarters(t.db, factoryId, line, start, start + 900_000, () => ({ kwh: 1, kw: 100 }));
    // A block in the current period (December 2026) is not part of the advice.
    const now = taipei('2026-12-05T14:00:00');
    await writeQuarters(t.db, factoryId, line, now, now + 900_000, () => ({ kwh: 1, kw: 900 }));
    await call(t.app, admin, SAVE, { nodeId: line, contractCapacityKw: 500, meterReadingDay: 1 });

    const body = adminBillingPointAdviceResponse.parse(
      (await call(t.app, admin, ADVICE, { nodeId: line })).json(),
    );
    expect(body.periods.map((p) => [p.from, p.peakKw])).toHaveLength(12);
    expect(body.periods[0]).toMatchObject({ from: '2025-12-01', to: '2025-12-31', peakKw: 400 });
    // May and October are prorated by day between the seasons (summer 05-16 … 10-15).
    const may = (15 * 166.9 + 16 * 223.6) / 31;
    const october = (15 * 223.6 + 16 * 166.9) / 31;
    expect(body.periods[5]!.basicRatePerKw).toBeCloseTo(may, 4);
    expect(body.periods[10]!.basicRatePerKw).toBeCloseTo(october, 4);
    const rates = 6 * 166.9 + 4 * 223.6 + may + october; // 2,286.3 per kW a year
    // 400 kW: July's 200 kW over is 40 at 2× and 160 at 3× of 223.6 = 125,216.
    expect(body.best).toMatchObject({ capacityKw: 400, penalty: 125_216 });
    expect(body.best!.penalised).toEqual([
      { from: '2026-07-01', to: '2026-07-31', peakKw: 600, penalty: 125_216 },
    ]);
    expect(body.best!.total).toBeCloseTo(400 * rates + 125_216, 2);
    // 500 kW (the contract): 50 at 2× and 50 at 3× = 55,900.
    expect(body.current).toMatchObject({ capacityKw: 500, penalty: 55_900 });
    expect(body.yearlySaving).toBeCloseTo(100 * rates + 55_900 - 125_216, 2); // 159,314
    expect(body.minimumKw).toBe(100);

    // Without the first night's block the data begins on 10 December: that period is left out.
    await t.db.query('DELETE FROM rollups_15m WHERE node_id = $1 AND bucket_start = $2', [
      line,
      new Date(start),
    ]);
    const later = adminBillingPointAdviceResponse.parse(
      (await call(t.app, admin, ADVICE, { nodeId: line })).json(),
    );
    expect(later.periods.map((p) => p.from)[0]).toBe('2026-01-01');
    expect(later.periods).toHaveLength(11);

    const notPoint = (await call(t.app, admin, ADVICE, { nodeId: officeMeter })).json();
    expect(notPoint).toMatchObject({ statusCode: 201, message: ADMIN_MESSAGES.notBillingPoint });
    expect((await call(t.app, user, ADVICE, { nodeId: line })).statusCode).toBe(403);
  });
});
