import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitorPowerDetailResponse, StatusCode, type EnergyChart } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import {
  call,
  MONITOR_DEVICE,
  POWER_DETAIL,
  signIn,
  startMonitorApp,
  type MonitorTestApp,
  type Session,
} from './monitor-app.ts';
import { A_FORWARD, A_REVERSE, PLANT_NOW, seedPlant, type Plant } from './plant-fixture.ts';

const SATURDAY = { start: '2026-11-21', end: '2026-11-21' };
const THREE_DAYS = { start: '2026-11-20', end: '2026-11-22' };
const values = (points: { value: number | null }[]) => points.map((point) => point.value);
const sum = (points: { value: number | null }[]) =>
  points.reduce((total, point) => total + (point.value ?? 0), 0);

describe.each(backends)('power detail on %s', (backend) => {
  let t: MonitorTestApp;
  let plant: Plant;
  let session: Session;

  const chart = async (deviceId: number, resolution: unknown, timeRange = SATURDAY) => {
    const response = await call(t.app, session, POWER_DETAIL, {
      factoryId: 0,
      deviceId,
      timeRange,
      resolution,
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const energyChart = async (deviceId: number, resolution: unknown, timeRange = SATURDAY) => {
    const body = await chart(deviceId, resolution, timeRange);
    expect(body.statusCode).toBe(200);
    return monitorPowerDetailResponse.parse(body).energyChart;
  };

  beforeAll(async () => {
    t = await startMonitorApp(backend, PLANT_NOW);
    plant = await seedPlant(t.db);
    session = await signIn(t.app, plant);
  });
  afterAll(() => t.close());

  it('charts 15-minute buckets from the rollups with exact kWh, kW and CO2', async () => {
    const result = await energyChart(plant.meterA, 15);
    expect(result.kwhChart).toHaveLength(96);
    expect(result.kwhChart[0]!.time).toBe('2026-11-21T00:00:00+08:00');
    expect(result.kwhChart[95]!.time).toBe('2026-11-21T23:45:00+08:00');
    const hourOf = (slot: number) => Math.floor(slot / 4);
    expect(values(result.kwhChart)).toEqual(
      result.kwhChart.map((_, slot) => A_FORWARD(hourOf(slot)) - A_REVERSE(hourOf(slot))),
    );
    expect(values(result.avgKwChart)).toEqual(result.kwhChart.map((_, slot) => hourOf(slot) + 1));
    expect(values(result.maxKwChart)).toEqual(result.kwhChart.map((_, slot) => hourOf(slot) + 1.5));
    // 300 kWh forward − 8 reverse; bars from 0.25 (00:00) to 6 (23:00); 1 to 24 kW.
    expect(result).toMatchObject({
      useKwh: { value: 292, co2: 146 },
      maxKwh: 6,
      peakKwh: 5.75,
      peakKw: 23,
      hasReverseKWH: true,
    });
    expect(values(result.powerUsage_P!)).toEqual(
      result.kwhChart.map((_, slot) => A_FORWARD(hourOf(slot))),
    );
    expect(sum(result.powerUsage_R!)).toBe(8);
  });

  it('charts local hours from the hourly rollups', async () => {
    const result = await energyChart(plant.meterA, 60);
    expect(result.kwhChart).toHaveLength(24);
    expect(result.kwhChart[13]!.time).toBe('2026-11-21T13:00:00+08:00');
    expect(values(result.kwhChart)).toEqual(
      result.kwhChart.map((_, hour) => hour + 1 - 4 * A_REVERSE(hour)),
    );
    expect(values(result.avgKwChart)).toEqual(result.kwhChart.map((_, hour) => hour + 1));
    expect(values(result.maxKwChart)).toEqual(result.kwhChart.map((_, hour) => hour + 1.5));
    expect(result.useKwh).toEqual({ value: 292, co2: 146 });
    expect(result.peakKw).toBe(23);
  });

  it('charts 5-minute buckets from raw readings, agreeing with the rollups', async () => {
    const result = await energyChart(plant.meterA, 5);
    expect(result.kwhChart).toHaveLength(288);
    // Each 15-minute counter step is spread evenly over its three 5-minute buckets.
    // 14:00 (bucket 168): 3.75 kWh in the quarter hour, 15 kW on average.
    expect(result.kwhChart[168]!.time).toBe('2026-11-21T14:00:00+08:00');
    expect(result.kwhChart[168]!.value).toBe(1.25);
    expect(result.avgKwChart[168]!.value).toBe(15);
    // Only the first 5 minutes of each quarter hold a reading, so only they have a max.
    expect(values(result.maxKwChart).slice(0, 3)).toEqual([1.5, null, null]);
    expect(result.useKwh).toEqual({ value: 292, co2: 146 });
  });

  it('sums a virtual node from its children at every resolution', async () => {
    const rootQuarter = await energyChart(plant.rootId, 15);
    const aQuarter = await energyChart(plant.meterA, 15);
    const bQuarter = await energyChart(plant.meterB, 15);
    rootQuarter.kwhChart.forEach((point, index) => {
      expect(point.value).toBeCloseTo(
        aQuarter.kwhChart[index]!.value! + bQuarter.kwhChart[index]!.value!,
        9,
      );
    });
    // Saturday: A 292 net + B 48.
    expect(rootQuarter.useKwh.value).toBe(340);
    expect((await energyChart(plant.rootId, 60)).useKwh.value).toBe(340);
    const rootFive = await energyChart(plant.rootId, 5);
    expect(rootFive.useKwh.value).toBe(340);
    // A virtual node has no instantaneous readings: its max is the sum of average kW.
    expect(values(rootFive.maxKwChart)).toEqual(values(rootFive.avgKwChart));
  });

  it('adds up hourly and 15-minute buckets to the monitor range total', async () => {
    const device = (
      await call(t.app, session, MONITOR_DEVICE, {
        factoryId: 0,
        deviceId: plant.rootId,
        timeRange: THREE_DAYS,
      })
    ).json();
    const total = device.channelList[0].valueKWH;
    expect(total).toBe(1044);
    const hourly: EnergyChart = await energyChart(plant.rootId, 60, THREE_DAYS);
    expect(hourly.kwhChart).toHaveLength(72);
    expect(roundTo4(sum(hourly.kwhChart))).toBe(total);
    const quarterly = await energyChart(plant.rootId, 15, THREE_DAYS);
    expect(roundTo4(sum(quarterly.kwhChart))).toBe(total);
  });

  it('leaves buckets without data null instead of inventing zeros', async () => {
    const result = await energyChart(plant.meterB, 15, { start: '2026-11-24', end: '2026-11-24' });
    expect(result.kwhChart).toHaveLength(96);
    expect(result.kwhChart.every((point) => point.value === null)).toBe(true);
    expect(result).toMatchObject({ useKwh: { value: 0, co2: 0 }, maxKwh: 0, hasReverseKWH: false });
    expect(result.powerUsage_P).toBeUndefined();
  });

  it('refuses fine resolutions over long ranges, and unknown resolutions, naming the limit', async () => {
    const oneMinute = await chart(plant.meterA, 1, THREE_DAYS);
    expect(oneMinute).toMatchObject({ statusCode: StatusCode.Fail });
    expect(oneMinute.message).toMatch(/1-minute chart covers at most 2 days/);
    const fiveMinutes = await chart(plant.meterA, 5, { start: '2026-11-01', end: '2026-11-22' });
    expect(fiveMinutes.message).toMatch(/5-minute chart covers at most 7 days/);
    const odd = await chart(plant.meterA, 10);
    expect(odd).toMatchObject({ statusCode: StatusCode.Fail });
    expect(odd.message).toMatch(/resolution must be one of 1, 5, 15, 60/);
    const zero = await call(t.app, session, POWER_DETAIL, {
      factoryId: 0,
      deviceId: plant.meterA,
      timeRange: SATURDAY,
      resolution: 0,
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toMatch(/^resolution: /);
  });

  it('charts one minute from raw readings for a single day', async () => {
    const result = await energyChart(plant.meterA, '1');
    expect(result.kwhChart).toHaveLength(1440);
    expect(result.useKwh.value).toBe(292);
  });

  it('answers 1009 for an unknown node', async () => {
    const body = await chart(999_999, 15);
    expect(body.statusCode).toBe(StatusCode.IoTDeviceNotFound);
    expect(body).not.toHaveProperty('energyChart');
  });
});

function roundTo4(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}
