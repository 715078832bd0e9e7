import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewConsumeRatioResponse, StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { call, MONITOR_DEVICE, signIn, type Session } from '../monitor/monitor-app.ts';
import type { MonitorTestApp } from '../monitor/monitor-app.ts';
import { CONSUME_RATIO, startOverviewApp } from './overview-app.ts';
import { OV_NOW, seedOverviewPlant, type OverviewPlant } from './overview-fixture.ts';

// M: Nov 30 288 steps × 0.25 = 72 kWh (the 23:55 step is still Nov 30's); Dec 1 124 kWh.
// C1/C2/C3 are ½, ¼ and 1/40 of M; S exported 4.8 kWh on Nov 30 and 2.5 on Dec 1.
const M = { '2026-11-30': 72, '2026-12-01': 124 };

describe.each(backends)('overview consume ratio on %s', (backend) => {
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

  const ratio = (startDate: string, endDate: string, channelIdList: unknown[]) =>
    call(t.app, session, CONSUME_RATIO, { startDate, endDate, channelIdList });
  const parsed = async (startDate: string, endDate: string, ids: unknown[]) => {
    const response = await ratio(startDate, endDate, ids);
    expect(response.statusCode).toBe(200);
    return overviewConsumeRatioResponse.parse(response.json());
  };

  it('bars each local day across the month boundary, per channel and in total', async () => {
    const body = await parsed('2026-11-30', '2026-12-01', [plant.c1, plant.c2, String(plant.c3)]);
    expect(body.barChartList.map((bar) => bar.date)).toEqual(['2026-11-30', '2026-12-01']);
    const [nov30, dec1] = body.barChartList;
    expect(nov30!.channels.map((channel) => channel.kwh)).toEqual([36, 18, 1.8]);
    expect(dec1!.channels.map((channel) => channel.kwh)).toEqual([62, 31, 3.1]);
    expect(nov30!.total).toEqual({ kwh: 55.8, co2: 27.9 });
    expect(dec1!.total).toEqual({ kwh: 96.1, co2: 48.05 });
  });

  it('leaves the days that have not begun without a bar, not 0 kWh', async () => {
    // Now is 2026-12-01 10:07 in the factory's zone: today has a bar, tomorrow has none yet.
    const body = await parsed('2026-11-30', '2026-12-03', [plant.c1]);
    expect(body.barChartList.map((bar) => bar.date)).toEqual(['2026-11-30', '2026-12-01']);
  });

  it('pies the channels against their common parent with the unmetered remainder', async () => {
    const { pieChartData } = await parsed('2026-11-30', '2026-12-01', [
      plant.c1,
      plant.c2,
      plant.c3,
    ]);
    const total = M['2026-11-30'] + M['2026-12-01'];
    expect(pieChartData.root).toMatchObject({ id: plant.meterM, kwh: total, co2: total / 2 });
    expect(pieChartData.items.map((item) => item.kwh)).toEqual([98, 49, 4.9]);
    expect(pieChartData.remainder!.kwh).toBeCloseTo(total * 0.225, 4);
    const sum = pieChartData.items.reduce(
      (acc, item) => acc + item.kwh,
      pieChartData.remainder!.kwh,
    );
    expect(Math.abs(sum - pieChartData.root!.kwh)).toBeLessThan(0.001);
  });

  it('compares the root’s children when no channel is chosen; they add up to the root', async () => {
    const { pieChartData, barChartList } = await parsed('2026-11-30', '2026-12-01', []);
    expect(pieChartData.root!.id).toBe(plant.rootId);
    expect(pieChartData.items.map((item) => [item.id, item.kwh])).toEqual([
      [plant.meterM, 196],
      [plant.solarS, -7.3],
    ]);
    expect(pieChartData.root!.kwh).toBeCloseTo(188.7, 4);
    expect(pieChartData.remainder).toBeNull();
    expect(barChartList[1]!.total.kwh).toBeCloseTo(121.5, 4);
  });

  it('uses the factory root for channels of different branches; a past month works', async () => {
    const body = await parsed('2026-11-01', '2026-11-01', [plant.c1, plant.solarS]);
    expect(body.pieChartData.root!.id).toBe(plant.rootId);
    expect(body.barChartList).toEqual([
      expect.objectContaining({ date: '2026-11-01', total: { kwh: 36, co2: 18 } }),
    ]);
  });

  it('agrees with Monitor/Device for every channel and day', async () => {
    const body = await parsed('2026-11-30', '2026-12-01', [plant.c1, plant.c3, plant.solarS]);
    for (const bar of body.barChartList) {
      for (const channel of bar.channels) {
        const monitor = (
          await call(t.app, session, MONITOR_DEVICE, {
            factoryId: 0,
            deviceId: channel.id,
            timeRange: { start: bar.date, end: bar.date },
          })
        ).json();
        expect(Math.abs(monitor.channelList[0].valueKWH - channel.kwh)).toBeLessThan(0.001);
      }
    }
  });

  it('refuses another factory’s channel as not found, naming channelIdList', async () => {
    const body = (await ratio('2026-11-30', '2026-12-01', [plant.c1, other.c1])).json();
    expect(body.statusCode).toBe(StatusCode.IoTDeviceNotFound);
    expect(body.message).toContain('channelIdList');
    expect(body).not.toHaveProperty('barChartList');
    const factory = await call(t.app, session, CONSUME_RATIO, {
      factoryId: other.factoryId,
      startDate: '2026-11-30',
      endDate: '2026-11-30',
      channelIdList: [],
    });
    expect(factory.json().statusCode).toBe(StatusCode.FactoryNotFound);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cases: [string, string, unknown[], string][] = [
      ['2026-12-01', '2026-11-30', [], 'endDate'],
      ['2025-01-01', '2026-01-02', [], 'endDate'],
      ['2026-11-31', '2026-12-01', [], 'startDate'],
      ['2026-11-30', '2026-12-01', ['x'], 'channelIdList'],
    ];
    for (const [start, end, ids, field] of cases) {
      const response = await ratio(start, end, ids);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    }
  });
});
