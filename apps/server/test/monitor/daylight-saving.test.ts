import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeReadings, type NormalizedReading } from '../../src/modules/rollups/store-readings.ts';
import { backends } from '../helpers/backends.ts';
import {
  call,
  CONSUMPTION_QUERY,
  createFactory,
  createNode,
  MONITOR_DEVICE,
  POWER_DETAIL,
  signIn,
  startMonitorApp,
  type MonitorTestApp,
  type Session,
} from './monitor-app.ts';

const QUARTER = 15 * 60_000;

/** 1 kWh every quarter hour of [from, to], readings on the quarter hours. */
function steadyReadings(nodeId: number, from: string, to: string): NormalizedReading[] {
  const readings: NormalizedReading[] = [];
  let counter = 0;
  for (let t = Date.parse(from); t <= Date.parse(to); t += QUARTER) {
    readings.push({
      nodeId,
      ts: new Date(t),
      phases: { value: { voltage: 230, current: 17.4, kw: 4 } },
      kw: 4,
      kwhForward: counter,
      kwhReverse: null,
      frequency: 50,
      temperature: null,
    });
    counter += 1;
  }
  return readings;
}

/** A Berlin factory whose two meters ran steadily through the 2026 DST changes. */
describe.each(backends)('daylight-saving days on %s', (backend) => {
  let t: MonitorTestApp;
  let session: Session;
  let spring: number;
  let autumn: number;

  const day = (date: string) => ({ start: date, end: date });
  const post = async (path: string, fields: Record<string, unknown>) =>
    (await call(t.app, session, path, { factoryId: 0, ...fields })).json();

  beforeAll(async () => {
    t = await startMonitorApp(backend, new Date('2026-10-26T12:00:00Z'));
    const factory = await createFactory(t.db, 'berlin', 'Europe/Berlin', 0.4);
    const meter = (name: string, serial: string) =>
      createNode(t.db, factory.factoryId, {
        parentId: null,
        type: 'smartMeter',
        name,
        chName: name,
        wiring: 'value',
        serial,
      });
    spring = await meter('Spring Meter', 'BE-S');
    autumn = await meter('Autumn Meter', 'BE-A');
    // Local midnight to midnight: 23 hours in March, 25 in October.
    await storeReadings(t.db, factory.factoryId, [
      ...steadyReadings(spring, '2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z'),
      ...steadyReadings(autumn, '2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z'),
    ]);
    session = await signIn(t.app, factory);
  });
  afterAll(() => t.close());

  it('charts 23 and 25 local hours and adds them up to the day', async () => {
    const short = (
      await post(POWER_DETAIL, { deviceId: spring, timeRange: day('2026-03-29'), resolution: 60 })
    ).energyChart;
    expect(short.kwhChart).toHaveLength(23);
    expect(short.kwhChart.map((p: { time: string }) => p.time.slice(11))).toContain(
      '03:00:00+02:00',
    );
    expect(short.useKwh.value).toBe(92);
    const long = (
      await post(POWER_DETAIL, { deviceId: autumn, timeRange: day('2026-10-25'), resolution: 60 })
    ).energyChart;
    expect(long.kwhChart).toHaveLength(25);
    const times = long.kwhChart.map((p: { time: string }) => p.time);
    expect(times).toContain('2026-10-25T02:00:00+02:00');
    expect(times).toContain('2026-10-25T02:00:00+01:00');
    expect(long.kwhChart.every((p: { value: number }) => p.value === 4)).toBe(true);
    expect(long.useKwh).toEqual({ value: 100, co2: 40 });
    const quarters = (
      await post(POWER_DETAIL, { deviceId: autumn, timeRange: day('2026-10-25'), resolution: 15 })
    ).energyChart;
    expect(quarters.kwhChart).toHaveLength(100);
  });

  it('keeps 96 heatmap slots on both days', async () => {
    const short = await post(MONITOR_DEVICE, { deviceId: spring, timeRange: day('2026-03-29') });
    expect(short.channelList[0].positiveKWH).toBe(92);
    const shortSlots = short.energyDistribution[0].values;
    expect(shortSlots).toHaveLength(96);
    // The hour the day skipped has no data: no value, no level.
    expect(shortSlots.slice(8, 12).map((v: { valueKWH: number | null }) => v.valueKWH)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    const long = await post(MONITOR_DEVICE, { deviceId: autumn, timeRange: day('2026-10-25') });
    expect(long.channelList[0].positiveKWH).toBe(100);
    const longSlots = long.energyDistribution[0].values;
    expect(longSlots).toHaveLength(96);
    expect(longSlots[8]).toMatchObject({ valueKWH: 2, averageKW: 4 });
    expect(longSlots[16]).toMatchObject({ valueKWH: 1, averageKW: 4 });
  });

  it('sums a whole 25-hour day in the consumption query', async () => {
    const result = await post(CONSUMPTION_QUERY, {
      deviceId: autumn,
      segmentInfo: {
        dateRange: { startDate: '2026-10-25', endDate: '2026-10-25' },
        timeRange: { startTime: '00:00', endTime: '24:00' },
        weekdays: ['Sun'],
      },
    });
    expect(result).toMatchObject({ totalConsumed: 100, dailyAverage: 100, totalCo2: 40 });
  });
});
