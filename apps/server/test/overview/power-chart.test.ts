import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewPowerChartResponse, StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { call, signIn, type Session } from '../monitor/monitor-app.ts';
import type { MonitorTestApp } from '../monitor/monitor-app.ts';
import { POWER_CHART, startOverviewApp } from './overview-app.ts';
import { OV_NOW, seedOverviewPlant, type OverviewPlant } from './overview-fixture.ts';

describe.each(backends)('overview power chart on %s', (backend) => {
  let t: MonitorTestApp;
  let plant: OverviewPlant;
  let other: OverviewPlant;
  let session: Session;

  beforeAll(async () => {
    t = await startOverviewApp(backend, OV_NOW);
    plant = await seedOverviewPlant(t.db);
    other = await seedOverviewPlant(t.db, 'other');
    session = await signIn(t.app, plant);
  }, 120_000);
  afterAll(() => t.close());

  const chart = async (fields: Record<string, unknown>) => {
    const response = await call(t.app, session, POWER_CHART, fields);
    expect(response.statusCode).toBe(200);
    return overviewPowerChartResponse.parse(response.json());
  };

  it('charts today’s 96 quarters by default, future quarters null', async () => {
    const body = await chart({});
    expect(body).toMatchObject({
      factoryId: plant.factoryId,
      targetDate: '2026-12-01',
      dtNowFactory: '2026-12-01T10:07:00+08:00',
      contractCapacityKW: 20,
      hasReverseKWH: true,
    });
    const kwh = body.listPowerUsageKWH;
    expect(kwh).toHaveLength(96);
    expect(kwh[0]).toEqual({ time: '2026-12-01T00:00:00+08:00', value: 3 });
    // 09:00: M 6 kWh − S 0.3 exported; 10:00: one 5-minute step so far (1 − 0.1).
    expect(kwh[36]!.value).toBeCloseTo(5.7, 6);
    expect(body.listPowerAverageKW[36]!.value).toBeCloseTo(22.8, 4);
    expect(kwh[40]!.value).toBeCloseTo(0.9, 6);
    expect(kwh.slice(41).every((point) => point.value === null)).toBe(true);
    expect(body.listPowerMaxKW.slice(41).every((point) => point.value === null)).toBe(true);
    expect(body.listPowerMaxKW[36]!.value).toBe(24);
    expect(body.totalKWH).toBeCloseTo(121.5, 4);
  });

  it('charts a past day whole; its points add up to the day', async () => {
    const body = await chart({ date: '2026-11-30' });
    expect(body.listPowerUsageKWH.every((point) => point.value !== null)).toBe(true);
    const sum = body.listPowerUsageKWH.reduce((acc, point) => acc + point.value!, 0);
    expect(sum).toBeCloseTo(72 - 4.8, 6);
    expect(body.totalKWH).toBeCloseTo(67.2, 4);
    expect(body.listPowerUsageKWH[95]!.time).toBe('2026-11-30T23:45:00+08:00');
  });

  it('gives a future day all null and refuses another factory', async () => {
    const future = await chart({ date: '2026-12-05' });
    expect(future.listPowerUsageKWH.every((point) => point.value === null)).toBe(true);
    expect(future.totalKWH).toBe(0);
    const refused = await call(t.app, session, POWER_CHART, { factoryId: other.factoryId });
    expect(refused.json().statusCode).toBe(StatusCode.FactoryNotFound);
  });

  it('answers an impossible date with a 400 naming it', async () => {
    const response = await call(t.app, session, POWER_CHART, { date: '2026-02-30' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('date');
  });
});
