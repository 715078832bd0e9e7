import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitorDeviceResponse, overviewResponse } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { call, MONITOR_DEVICE, signIn, type Session } from '../monitor/monitor-app.ts';
import type { MonitorTestApp } from '../monitor/monitor-app.ts';
import { OVERVIEW, POWER_CHART, startOverviewApp } from './overview-app.ts';
import { seedHappenings } from './happenings-fixture.ts';
import { OV_NOW, seedOverviewPlant, type OverviewPlant } from './overview-fixture.ts';

// Hand-computed from the fixture (see overview-fixture.ts). Today (Dec 1) M has 121 steps of
// 1 kWh (00:00–10:00 readings open them) + 3 more in the 09:00 quarter = 124 kWh; S exported
// 25 steps × 0.1 = 2.5 kWh (08:00–10:00). Yesterday to the same minute (00:00–10:07): 40 whole
// quarters, M 120 × 0.25 = 30 and S 24 × 0.1 = 2.4, then 7/15 of the 10:00 quarter's
// 0.75 − 0.3 = 0.45 (0.21). Last month to the same minute (Nov 1): M 120 × 0.5 = 60, then
// 7/15 of 1.5 (0.7).
const DAY_KWH = 124 - 2.5;
const YESTERDAY_KWH = 30 - 2.4 + 0.21;
const NOV_KWH = 60.7;

describe.each(backends)('overview on %s', (backend) => {
  let t: MonitorTestApp;
  let plant: OverviewPlant;
  let session: Session;

  beforeAll(async () => {
    t = await startOverviewApp(backend, OV_NOW);
    plant = await seedOverviewPlant(t.db);
    await seedHappenings(t.db, plant);
    session = await signIn(t.app, plant);
  }, 120_000);
  afterAll(() => t.close());

  const overview = async (fields: Record<string, unknown> = {}) => {
    const response = await call(t.app, session, OVERVIEW, fields);
    expect(response.statusCode).toBe(200);
    return overviewResponse.parse(response.json());
  };

  it('answers today and this month in the factory zone, with saving and the change', async () => {
    const body = await overview();
    expect(body).toMatchObject({ statusCode: 200, id: plant.factoryId });
    expect(body.dtNowFactory).toBe('2026-12-01T10:07:00+08:00');
    const { day, month } = body.averagePowerUsage;
    expect(day).toMatchObject({
      kwh: DAY_KWH,
      co2: DAY_KWH * 0.5,
      reverseKwh: 2.5,
      co2Saving: 1.25,
    });
    expect(day.previousKwh).toBeCloseTo(YESTERDAY_KWH, 4);
    expect(day.changeKwh).toBeCloseTo(DAY_KWH - YESTERDAY_KWH, 4);
    expect(day.changePercent).toBeCloseTo(((DAY_KWH - YESTERDAY_KWH) / YESTERDAY_KWH) * 100, 3);
    // The 1st of the month: the month so far is today; last month is compared from Nov 1.
    expect(month.kwh).toBe(DAY_KWH);
    expect(month.previousKwh).toBeCloseTo(NOV_KWH, 4);
    expect(month.changeKwh).toBeCloseTo(DAY_KWH - NOV_KWH, 4);
    expect(month.changePercent).toBeCloseTo(((DAY_KWH - NOV_KWH) / NOV_KWH) * 100, 3);
    expect(body.hasReverseKWH).toBe(true);
  });

  it('gives demand against the contract capacity', async () => {
    const { demand } = await overview();
    // Demand is the net draw: S exports 0.3 kWh in every quarter from 08:00. Newest complete
    // block 09:45: M 3 − 0.3 = 2.7 kWh (10.8 kW); the 09:00 block: 6 − 0.3 = 5.7 kWh (22.8 kW).
    expect(demand).toEqual({
      valueKW: 10.8,
      maxKW: 22.8,
      monthMaxKW: 22.8,
      contractCapacityKW: 20,
    });
  });

  it('lists the tree, the meters’ power, the ranking and 7 days of distribution', async () => {
    const body = await overview();
    expect(body.detectLine).toHaveLength(1);
    const root = body.detectLine[0]!;
    expect(root).toMatchObject({ id: plant.rootId, isVirtual: true });
    expect(root.children.map((node) => node.name)).toEqual(['Meter M', 'Solar S']);
    expect(root.children[0]!.children.map((node) => node.id)).toEqual([
      plant.c1,
      plant.c2,
      plant.c3,
    ]);
    expect(body.devicePowerInfo).toEqual([
      {
        id: plant.meterM,
        chName: 'Meter M 中',
        name: 'Meter M',
        valueKW: 12,
        valueKWH: 124,
        co2KG: 62,
        lastReadingTime: '2026-12-01T02:05:00.000Z',
      },
      {
        id: plant.solarS,
        chName: 'Solar S 中',
        name: 'Solar S',
        valueKW: -1.2,
        valueKWH: -2.5,
        co2KG: -1.25,
        lastReadingTime: '2026-12-01T02:05:00.000Z',
      },
    ]);
    // Leaves in the 09:45 block: C1 6, C2 3, C3 0.3 kW; the solar leaf consumes nothing.
    expect(body.pointRanking.totalKW).toBeCloseTo(9.3, 4);
    expect(
      body.pointRanking.rankList.map((row) => [row.id, row.valueKW, row.isBigConsumer]),
    ).toEqual([
      [plant.c1, 6, true],
      [plant.c2, 3, true],
      [plant.c3, 0.3, false],
    ]);
    expect(body.pointRanking.rankList[2]!.percentage).toBeCloseTo((0.3 / 9.3) * 100, 3);
    expect(body.energyDistribution.map((entry) => entry.date)).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
    ]);
    expect(body.energyDistribution.every((entry) => entry.values.length === 96)).toBe(true);
    // 09:00 slot of today: M 6 kWh (24 kW), the distribution's consumption (forward energy).
    expect(body.energyDistribution[6]!.values[36]).toMatchObject({ valueKWH: 6, averageKW: 24 });
  });

  it('writes today’s diary newest first in both languages, and lists open alarms', async () => {
    const body = await overview();
    expect(body.powerDiary.map((entry) => [entry.time, entry.kind, entry.status])).toEqual([
      ['2026-12-01T02:00:00.000Z', 'alarmOpened', 'alarm'],
      ['2026-12-01T01:30:00.000Z', 'alarmCleared', 'info'],
      ['2026-12-01T01:15:00.000Z', 'demandNearCapacity', 'alarm'],
      ['2026-12-01T01:15:00.000Z', 'dayDemandMax', 'info'],
      ['2026-12-01T00:00:00.000Z', 'alarmOpened', 'alarm'],
      ['2026-11-30T23:00:05.000Z', 'commandConfirmed', 'control'],
      ['2026-11-30T23:00:00.000Z', 'commandSent', 'control'],
      ['2026-11-30T19:00:00.000Z', 'meterOnline', 'info'],
      ['2026-11-30T18:10:00.000Z', 'meterOffline', 'warning'],
      ['2026-11-30T16:30:00.000Z', 'alarmCleared', 'info'],
      ['2026-11-30T16:00:10.000Z', 'commandConfirmed', 'control'],
    ]);
    const cleared = body.powerDiary[1]!;
    expect(cleared.description).toBe('Voltage — cleared by ov');
    expect(cleared.descriptionZh).toBe('Voltage 中 — 已由 ov 清除');
    expect(body.powerDiary[8]).toMatchObject({
      nodeId: plant.solarS,
      description: 'Solar S went offline (no reading since 02:00)',
    });
    // The net draw of the 09:00 block: 6 − 0.3 kWh (S's export) = 22.8 kW.
    expect(body.powerDiary[3]!.descriptionZh).toBe('今日最高需量：22.8 kW（09:00–09:15）');
    expect(body.openAlarms.map((alarm) => alarm.titleText)).toEqual(['Test', 'Current']);
    expect(body.controls).toEqual([
      expect.objectContaining({
        controlMode: 'Switch',
        deviceModelName: 'Relay-8',
        status: 'on',
        groupName: 'Lighting',
      }),
    ]);
    expect(body.controls[0]!.details.map((detail) => [detail.name, detail.status])).toEqual([
      ['Light 1', 'on'],
      ['Light 2', 'off'],
    ]);
  });

  it('today’s kWh equals Monitor/Device of the root for today and the power chart’s sum', async () => {
    const body = await overview();
    const monitor = monitorDeviceResponse.parse(
      (
        await call(t.app, session, MONITOR_DEVICE, {
          factoryId: 0,
          deviceId: plant.rootId,
          timeRange: { start: '2026-12-01', end: '2026-12-01' },
        })
      ).json(),
    );
    const chart = (await call(t.app, session, POWER_CHART, {})).json();
    const pointSum = chart.listPowerUsageKWH.reduce(
      (sum: number, point: { value: number | null }) => sum + (point.value ?? 0),
      0,
    );
    const root = monitor.channelList[0]!;
    expect(Math.abs(body.averagePowerUsage.day.kwh - root.valueKWH)).toBeLessThan(0.001);
    expect(Math.abs(body.averagePowerUsage.day.kwh - pointSum)).toBeLessThan(0.001);
    expect(Math.abs(body.averagePowerUsage.day.kwh - chart.totalKWH)).toBeLessThan(0.001);
    expect(body.demand).toMatchObject({
      valueKW: root.demand.valueKw,
      maxKW: root.demand.maxKw,
      monthMaxKW: root.demand.monthMaxKw,
    });
  });

  it('names a malformed factoryId in a 400', async () => {
    const response = await call(t.app, session, OVERVIEW, { factoryId: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('factoryId');
  });
});
