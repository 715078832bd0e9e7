import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumptionQueryResponse, StatusCode, WEEKDAYS } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import {
  call,
  CONSUMPTION_QUERY,
  MONITOR_DEVICE,
  signIn,
  startMonitorApp,
  type MonitorTestApp,
  type Session,
} from './monitor-app.ts';
import { PLANT_NOW, seedPlant, type Plant } from './plant-fixture.ts';

const THREE_DAYS = { startDate: '2026-11-20', endDate: '2026-11-22' };
const NIGHT = { startTime: '22:00', endTime: '06:00' };
const ALL_DAY = { startTime: '00:00', endTime: '24:00' };

describe.each(backends)('consumption query on %s', (backend) => {
  let t: MonitorTestApp;
  let plant: Plant;
  let session: Session;

  const query = (deviceId: number, segmentInfo: Record<string, unknown>) =>
    call(t.app, session, CONSUMPTION_QUERY, { factoryId: 0, deviceId, segmentInfo });
  const result = async (deviceId: number, segmentInfo: Record<string, unknown>) => {
    const response = await query(deviceId, segmentInfo);
    expect(response.statusCode).toBe(200);
    return consumptionQueryResponse.parse(response.json());
  };

  beforeAll(async () => {
    t = await startMonitorApp(backend, PLANT_NOW);
    plant = await seedPlant(t.db);
    session = await signIn(t.app, plant);
  });
  afterAll(() => t.close());

  it('adds up night windows that run past midnight, on the chosen weekdays only', async () => {
    const segment = { dateRange: THREE_DAYS, timeRange: NIGHT, weekdays: ['Fri', 'Sat'] };
    // A, each night: hours 22 and 23 (23 + 24 kWh) then 0–5 of the next day (1 + … + 6).
    expect(await result(plant.meterA, segment)).toMatchObject({
      statusCode: 200,
      totalConsumed: 136,
      totalCo2: 68,
      dailyAverage: 68,
      dailyCo2: 34,
    });
    // B: Friday night 8 × 1 + 24 × 0.5 kWh; Saturday night 8 × 0.5 + 24 × 0.25.
    expect(await result(plant.meterB, segment)).toMatchObject({
      totalConsumed: 30,
      dailyAverage: 15,
    });
    const sundayOnly = await result(plant.meterB, { ...segment, weekdays: ['Sun'] });
    // Sunday night runs into Monday, which has only the closing reading: 8 × 0.25.
    expect(sundayOnly).toMatchObject({ totalConsumed: 2, dailyAverage: 2 });
  });

  it('counts a daytime window on a single weekday', async () => {
    const segment = {
      dateRange: THREE_DAYS,
      timeRange: { startTime: '10:00', endTime: '14:00' },
      weekdays: ['Sat'],
    };
    // A, hours 10–13 of Saturday: 11 + 12 + 13 + 14 forward − 8 reverse.
    expect(await result(plant.meterA, segment)).toMatchObject({
      totalConsumed: 42,
      totalCo2: 21,
      dailyAverage: 42,
    });
  });

  it('over all days and hours equals the range total, for every node', async () => {
    for (const deviceId of [plant.rootId, plant.meterA, plant.meterB]) {
      const device = (
        await call(t.app, session, MONITOR_DEVICE, {
          factoryId: 0,
          deviceId,
          timeRange: { start: THREE_DAYS.startDate, end: THREE_DAYS.endDate },
        })
      ).json();
      const channel = device.channelList[0];
      // 23:59 and 23:59:59 as the end are how many clients write "to the end of the day".
      const ends = ['00:00', '23:59', '23:59:59'].map((endTime) => ({
        startTime: '00:00',
        endTime,
      }));
      for (const timeRange of [ALL_DAY, ...ends]) {
        const all = await result(deviceId, {
          dateRange: THREE_DAYS,
          timeRange,
          weekdays: [...WEEKDAYS],
        });
        expect(all.totalConsumed).toBe(channel.valueKWH);
        expect(all.totalCo2).toBe(channel.co2KG);
        expect(all.dailyAverage).toBe(Math.round((channel.valueKWH / 3) * 1e4) / 1e4);
      }
    }
  });

  it('averages over the matching days that have begun, not future ones', async () => {
    const month = await result(plant.rootId, {
      dateRange: { startDate: '2026-11-20', endDate: '2026-11-30' },
      timeRange: ALL_DAY,
      weekdays: [...WEEKDAYS],
    });
    // Now is Sunday 22 Nov: Friday, Saturday and Sunday have begun.
    expect(month).toMatchObject({ totalConsumed: 1044, dailyAverage: 348, dailyCo2: 174 });
    const future = await result(plant.rootId, {
      dateRange: { startDate: '2026-12-01', endDate: '2026-12-05' },
      timeRange: ALL_DAY,
      weekdays: [...WEEKDAYS],
    });
    expect(future).toMatchObject({ totalConsumed: 0, dailyAverage: 0, dailyCo2: 0 });
  });

  it('rejects unknown weekdays and bad times with 400 naming the field', async () => {
    const weekday = await query(plant.meterA, {
      dateRange: THREE_DAYS,
      timeRange: NIGHT,
      weekdays: ['Sat', 'Sunday'],
    });
    expect(weekday.statusCode).toBe(400);
    expect(weekday.json().message).toMatch(/^segmentInfo\.weekdays\.1: /);
    const time = await query(plant.meterA, {
      dateRange: THREE_DAYS,
      timeRange: { startTime: '25:00', endTime: '06:00' },
      weekdays: ['Sat'],
    });
    expect(time.statusCode).toBe(400);
    expect(time.json().message).toMatch(/^segmentInfo\.timeRange\.startTime: /);
  });

  it('refuses a date range longer than a year, and unknown nodes', async () => {
    const long = (
      await query(plant.meterA, {
        dateRange: { startDate: '2024-01-01', endDate: '2026-11-22' },
        timeRange: ALL_DAY,
        weekdays: ['Mon'],
      })
    ).json();
    expect(long).toMatchObject({ statusCode: StatusCode.Fail });
    expect(long.message).toMatch(/at most 366 days/);
    const unknown = (
      await query(999_999, { dateRange: THREE_DAYS, timeRange: ALL_DAY, weekdays: ['Mon'] })
    ).json();
    expect(unknown.statusCode).toBe(StatusCode.IoTDeviceNotFound);
    expect(unknown).not.toHaveProperty('totalConsumed');
  });
});
