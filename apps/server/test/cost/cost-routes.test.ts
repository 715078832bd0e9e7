import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminTariffResponse,
  costNodeResponse,
  costSummaryResponse,
  DEFAULT_TARIFF,
} from '@wattboard/contract';
import { ensureDefaultTariffs } from '../../src/modules/cost/repo/tariff-store.ts';
import { backends } from '../helpers/backends.ts';
import { ADMIN, DEMO, signInAs } from '../helpers/test-app.ts';
import { call, createFactory, createNode, signIn, type Session } from '../monitor/monitor-app.ts';
import {
  demoRoot,
  NODE_COST,
  startCostApp,
  SUMMARY,
  TARIFF_GET,
  TARIFF_UPDATE,
  writeQuarters,
  type CostTestApp,
} from './cost-app.ts';

/** Thu 2026-12-10 10:07 in Taipei (non-summer; no holidays in December's first ten days). */
const NOW = new Date('2026-12-10T02:07:00Z');
const taipei = (local: string) => Date.parse(`${local}+08:00`);
const PEAK_AT = taipei('2026-12-05T14:00:00');

// The default's non-summer rates (Taipower's table of 2025-10-01), TWD/kWh.
const OFF = 2.32;
const HALF = 5.47;
const SATURDAY_HALF = 2.41;
const cents = (value: number) => Math.round(value * 100) / 100;
// Non-summer days of 96 kWh (1 a quarter): off-peak for 36 quarters, half-peak 60 quarters.
const WEEKDAY = 36 * OFF + 60 * HALF; // 411.72
const SATURDAY = 36 * OFF + 60 * SATURDAY_HALF; // 228.12
const SUNDAY = 96 * OFF; // 222.72
const TODAY = 24 * OFF + 17 * HALF; // 00:00–10:15: 148.67
const MONTH_ENERGY = 7 * WEEKDAY + SATURDAY + SUNDAY + TODAY; // 3481.55

describe.each(backends)('cost calls on %s', (backend) => {
  let t: CostTestApp;
  let user: Session;
  let admin: Session;
  let rootId: number;

  beforeAll(async () => {
    t = await startCostApp(backend, NOW);
    const demo = await demoRoot(t.db);
    rootId = demo.rootId;
    await writeQuarters(
      t.db,
      demo.factoryId,
      rootId,
      taipei('2026-11-25T00:00:00'),
      taipei('2026-12-10T10:15:00'),
      (s) => ({
        kwh: 1,
        kw:
          s === PEAK_AT
            ? 840
            : s < taipei('2026-12-01T00:00:00') && s % 86_400_000 === 0
              ? 1000
              : 400,
      }),
    );
    const u = await signInAs(t.app, DEMO);
    const a = await signInAs(t.app, ADMIN);
    user = { email: u.email, token: u.token };
    admin = { email: a.email, token: a.token };
  });
  afterAll(() => t.close());

  it("answers the Overview's cost card: today, the month, the demand charge, the penalty and the projection", async () => {
    const response = await call(t.app, user, SUMMARY, {});
    expect(response.statusCode).toBe(200);
    const body = costSummaryResponse.parse(response.json());
    expect(body.currency).toBe('TWD');
    expect(body.tariff).toMatchObject({
      name: DEFAULT_TARIFF.name,
      validFrom: '2000-01-01',
      sourceValidFrom: '2025-10-01',
    });
    expect(body.today).toEqual({ kwh: 41, cost: 148.67 });
    const basic = 800 * 166.9;
    // 840 kW on 800: 5 % over, all at 2×. The block is Saturday 5 December 14:00, Saturday
    // half-peak: its excess is charged at the Saturday half-peak contract's rate (33.30, T1
    // p.27), not the regular one (docs/cost-bill-rules.md, decision 0064).
    const penalty = 40 * 2 * 33.3;
    const daily = (5 * WEEKDAY + SATURDAY + SUNDAY) / 7; // Dec 3–9
    const left = 1 - (10 * 60 + 7) / 1440 + 21;
    expect(body.month).toEqual({
      month: '2026-12',
      periodFrom: '2026-12-01',
      periodTo: '2026-12-31',
      kwh: 9 * 96 + 41,
      energyCost: cents(MONTH_ENERGY),
      peakDemandKw: 840,
      peakDemandAt: '2026-12-05T14:00:00+08:00',
      contractCapacityKw: 800,
      basicCharge: 133520,
      penalty: 2664,
      powerFactorAdjustment: null, // the test's rollups carry no kvarh
      total: Math.round((MONTH_ENERGY + basic + penalty) * 100) / 100,
      projectedTotal: Math.round((MONTH_ENERGY + daily * left + basic + penalty) * 100) / 100,
      projectedDailyCost: Math.round(daily * 100) / 100,
      projectionBasisDays: 7,
    });
    // One billing point, the root: the factory's bill is its bill.
    expect(body.billingPoints).toEqual([
      expect.objectContaining({
        nodeId: rootId,
        main: true,
        periodFrom: '2026-12-01',
        periodTo: '2026-12-31',
        kwh: body.month.kwh,
        energyCost: body.month.energyCost,
        basicCharge: body.month.basicCharge,
        penalty: body.month.penalty,
        total: body.month.total,
        projectedTotal: body.month.projectedTotal,
      }),
    ]);
  });

  it('prices a node by day and by quarter hour, with the period of each bucket', async () => {
    const days = costNodeResponse.parse(
      (
        await call(t.app, user, NODE_COST, {
          deviceId: rootId,
          startDate: '2026-12-01',
          endDate: '2026-12-10',
        })
      ).json(),
    );
    expect(days.interval).toBe('day');
    expect(days.series.map((b) => b.cost)).toEqual(
      [WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, SATURDAY, SUNDAY, WEEKDAY, WEEKDAY, WEEKDAY, TODAY].map(
        (c) => Math.round(c * 100) / 100,
      ),
    );
    expect(days.series[5]).toMatchObject({
      start: '2026-12-06T00:00:00+08:00',
      end: '2026-12-07T00:00:00+08:00',
      kwh: 96,
      period: 'offPeak',
    });
    expect(days.series[0]!.period).toBeNull();
    expect(days.totalKwh).toBe(905);
    expect(days.totalCost).toBe(cents(MONTH_ENERGY));
    expect(days.byPeriod).toEqual([
      { period: 'peak', kwh: 0, cost: 0 },
      {
        period: 'halfPeak',
        kwh: 8 * 60 + 17,
        cost: cents(7 * 60 * HALF + 60 * SATURDAY_HALF + 17 * HALF),
      },
      {
        period: 'offPeak',
        kwh: 8 * 36 + 96 + 24,
        cost: cents((8 * 36 + 96 + 24) * OFF),
      },
    ]);
    const quarters = costNodeResponse.parse(
      (
        await call(t.app, user, NODE_COST, {
          deviceId: rootId,
          startDate: '2026-12-10',
          endDate: '2026-12-10',
          interval: 'quarterHour',
        })
      ).json(),
    );
    expect(quarters.series).toHaveLength(96);
    expect(quarters.series[23]).toEqual({
      start: '2026-12-10T05:45:00+08:00',
      end: '2026-12-10T06:00:00+08:00',
      kwh: 1,
      cost: OFF,
      period: 'offPeak',
    });
    expect(quarters.series[24]).toMatchObject({ kwh: 1, cost: HALF, period: 'halfPeak' });
    // It is 10:07: the running quarter has begun; the rest of today is "no data yet", not NT$0.
    expect(quarters.series[40]!.kwh).not.toBeNull();
    expect(quarters.series[41]).toMatchObject({ kwh: null, cost: null, period: 'halfPeak' });
    expect(quarters.series[60]).toMatchObject({ kwh: null, cost: null, period: 'halfPeak' });
  });

  it("prices exactly the Consumption Query's selection when given its segmentInfo", async () => {
    const segmentInfo = {
      dateRange: { startDate: '2026-12-01', endDate: '2026-12-10' },
      timeRange: { startTime: '16:00', endTime: '22:00' },
      weekdays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'],
    };
    const body = costNodeResponse.parse(
      (
        await call(t.app, user, NODE_COST, {
          deviceId: rootId,
          startDate: '2026-12-01',
          endDate: '2026-12-10',
          segmentInfo,
        })
      ).json(),
    );
    // 7 weekdays before today × 24 quarters of half-peak; today's window is still ahead.
    expect(body.totalKwh).toBe(168);
    expect(body.totalCost).toBe(cents(168 * HALF));
    expect(body.series[5]).toMatchObject({ kwh: 0, cost: 0 }); // Sunday: outside the weekdays
    const consumption = await call(t.app, user, '/v1/Web/Monitor/Device/ConsumptionQuery', {
      deviceId: rootId,
      segmentInfo,
    });
    expect(consumption.json().totalConsumed).toBe(body.totalKwh);
    const offGrid = await call(t.app, user, NODE_COST, {
      deviceId: rootId,
      startDate: '2026-12-01',
      endDate: '2026-12-10',
      segmentInfo: { ...segmentInfo, timeRange: { startTime: '16:10', endTime: '22:00' } },
    });
    expect(offGrid.json().message).toMatch(/^segmentInfo\.timeRange\.startTime: /);
  });

  it('counts a night window that runs past the last midnight whole, as the Consumption Query does', async () => {
    const segmentInfo = {
      dateRange: { startDate: '2026-12-01', endDate: '2026-12-08' },
      timeRange: { startTime: '22:00', endTime: '06:00' },
      weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    };
    const body = costNodeResponse.parse(
      (
        await call(t.app, user, NODE_COST, {
          deviceId: rootId,
          startDate: '2026-12-01',
          endDate: '2026-12-08',
          segmentInfo,
        })
      ).json(),
    );
    const consumption = await call(t.app, user, '/v1/Web/Monitor/Device/ConsumptionQuery', {
      deviceId: rootId,
      segmentInfo,
    });
    // 8 nights of 32 quarters at 1 kWh: the last one ends on 9 Dec at 06:00.
    expect(body.totalKwh).toBe(256);
    expect(consumption.json().totalConsumed).toBe(body.totalKwh);
    expect(body.series.at(-1)).toMatchObject({
      start: '2026-12-09T00:00:00+08:00',
      end: '2026-12-09T06:00:00+08:00',
      kwh: 24,
    });
    // What the series shows adds up to the total.
    expect(body.series.reduce((sum, bucket) => sum + (bucket.kwh ?? 0), 0)).toBe(body.totalKwh);
  });

  it('refuses another factory, an unknown node and a bad range, naming the field', async () => {
    const range = { startDate: '2026-12-01', endDate: '2026-12-10' };
    expect((await call(t.app, user, SUMMARY, { factoryId: 999 })).json().statusCode).toBe(1008);
    expect(
      (await call(t.app, user, NODE_COST, { ...range, deviceId: 999_999 })).json().statusCode,
    ).toBe(1009);
    const reversed = await call(t.app, user, NODE_COST, {
      deviceId: rootId,
      startDate: '2026-12-10',
      endDate: '2026-12-01',
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toMatch(/endDate/);
    const long = await call(t.app, user, NODE_COST, {
      deviceId: rootId,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      interval: 'quarterHour',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/endDate/);
    const last = await call(t.app, user, NODE_COST, {
      deviceId: rootId,
      startDate: '9999-12-31',
      endDate: '9999-12-31',
    });
    expect(last.json()).toMatchObject({ statusCode: 201, message: 'endDate: out of range' });
  });

  it('edits the tariff as a new version: checked, audited, and cost follows from its day', async () => {
    const get = adminTariffResponse.parse((await call(t.app, admin, TARIFF_GET, {})).json());
    expect(get.current?.tariff.name).toBe(DEFAULT_TARIFF.name);
    expect(get.versions).toHaveLength(1);
    expect(get.defaultTariff).toEqual(DEFAULT_TARIFF);

    const overlapping = structuredClone(DEFAULT_TARIFF);
    overlapping.days[0]!.ranges.push({ from: '10:00', to: '12:00', period: 'peak' });
    const refused = await call(t.app, admin, TARIFF_UPDATE, {
      validFrom: '2026-12-08',
      tariff: overlapping,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/days\[0\]: ranges must not overlap/);
    const negative = structuredClone(DEFAULT_TARIFF) as unknown as {
      basicChargePerKw: Record<string, number>;
    };
    negative.basicChargePerKw.summer = -1;
    const refusedRate = await call(t.app, admin, TARIFF_UPDATE, {
      validFrom: '2026-12-08',
      tariff: negative,
    });
    expect(refusedRate.statusCode).toBe(400);
    expect(refusedRate.json().message).toMatch(/basicChargePerKw.summer must be 0 or more/);
    expect((await call(t.app, user, TARIFF_GET, {})).statusCode).toBe(403);

    const dearer = structuredClone(DEFAULT_TARIFF);
    dearer.name = 'Dearer nights';
    for (const day of dearer.days) day.rates.offPeak = 3;
    const saved = adminTariffResponse.parse(
      (await call(t.app, admin, TARIFF_UPDATE, { validFrom: '2026-12-08', tariff: dearer })).json(),
    );
    expect(saved.versions.map((v) => [v.validFrom, v.tariff.name, v.createdBy])).toEqual([
      ['2026-12-08', 'Dearer nights', 'Admin'],
      ['2000-01-01', DEFAULT_TARIFF.name, null],
    ]);
    expect(saved.current?.validFrom).toBe('2026-12-08');
    // The contract types' rates and the stages are kept as sent (issue #24).
    expect(saved.current?.tariff.contractBasicRates).toEqual(DEFAULT_TARIFF.contractBasicRates);
    expect(saved.current?.tariff.stages).toBe('threeStage');
    const twoRates = structuredClone(dearer) as unknown as {
      contractBasicRates: { summer: Record<string, number | null> };
    };
    twoRates.contractBasicRates.summer.offPeak = 50;
    const refusedTypes = await call(t.app, admin, TARIFF_UPDATE, {
      validFrom: '2026-12-08',
      tariff: twoRates,
    });
    expect(refusedTypes.statusCode).toBe(400);
    expect(refusedTypes.json().message).toMatch(/saturdayHalfPeak and offPeak share one rate/);
    const audit = await t.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action LIKE 'tariff.%'",
    );
    expect(audit.map((row) => row.action)).toEqual(['tariff.add']);

    // Dec 8, 9 (36 off-peak quarters each) and today (24) cost 3 − 2.32 = 0.68 more per kWh.
    const summary = costSummaryResponse.parse((await call(t.app, user, SUMMARY, {})).json());
    expect(summary.month.energyCost).toBe(cents(MONTH_ENERGY + 96 * (3 - OFF)));
    expect(summary.tariff?.name).toBe('Dearer nights');
    const days = costNodeResponse.parse(
      (
        await call(t.app, user, NODE_COST, {
          deviceId: rootId,
          startDate: '2026-12-07',
          endDate: '2026-12-08',
        })
      ).json(),
    );
    expect(days.series.map((b) => b.cost)).toEqual([
      cents(WEEKDAY),
      cents(WEEKDAY + 36 * (3 - OFF)),
    ]);
  });
});

describe.each(backends)('cost in a daylight-saving zone on %s', (backend) => {
  let t: CostTestApp;

  beforeAll(async () => {
    t = await startCostApp(backend, new Date('2026-03-10T15:00:00Z'));
  });
  afterAll(() => t.close());

  it('prices the 23-hour spring-forward day and the Monday after by the wall clock', async () => {
    const factory = await createFactory(t.db, 'nyc', 'America/New_York', 0.4);
    const meter = await createNode(t.db, factory.factoryId, {
      parentId: null,
      type: 'virtual',
      name: 'Main',
      chName: '總表',
    });
    await ensureDefaultTariffs(t.db, factory.factoryId);
    // 2026-03-08 00:00 EST = 05:00Z; 2026-03-10 00:00 EDT = 04:00Z: 47 hours.
    await writeQuarters(
      t.db,
      factory.factoryId,
      meter,
      Date.parse('2026-03-08T05:00:00Z'),
      Date.parse('2026-03-10T04:00:00Z'),
      () => ({ kwh: 1, kw: 4 }),
    );
    const session = await signIn(t.app, factory);
    const body = costNodeResponse.parse(
      (
        await call(t.app, session, NODE_COST, {
          deviceId: meter,
          startDate: '2026-03-08',
          endDate: '2026-03-09',
          interval: 'hour',
        })
      ).json(),
    );
    expect(body.series).toHaveLength(23 + 24);
    expect(body.series[2]).toMatchObject({
      start: '2026-03-08T03:00:00-04:00',
      period: 'offPeak',
      cost: cents(4 * OFF),
    });
    const monday6 = body.series.find((b) => b.start === '2026-03-09T06:00:00-04:00');
    expect(monday6).toMatchObject({ kwh: 4, cost: cents(4 * HALF), period: 'halfPeak' });
    expect(body.totalKwh).toBe(47 * 4);
    expect(body.totalCost).toBe(cents(92 * OFF + 36 * OFF + 60 * HALF));
  });
});
