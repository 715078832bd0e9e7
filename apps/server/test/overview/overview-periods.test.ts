import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewResponse } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { call, MONITOR_DEVICE, signIn, type MonitorTestApp } from '../monitor/monitor-app.ts';
import type { Session } from '../monitor/monitor-app.ts';
import { OVERVIEW, startOverviewApp } from './overview-app.ts';
import { seedOverviewPlant, type OverviewPlant } from './overview-fixture.ts';

// The fixture's days (net kWh of the root): Nov 1 72 (M only); Nov 30 72 − 4.8 = 67.2;
// Dec 1 124 − 2.5 = 121.5, all of it before 10:15 (the readings end at 10:05).
describe.each(backends)('overview periods across days and months on %s', (backend) => {
  let t: MonitorTestApp;
  let plant: OverviewPlant;
  let session: Session;
  let now = new Date();

  beforeAll(async () => {
    t = await startOverviewApp(backend, () => now);
    plant = await seedOverviewPlant(t.db);
    session = await signIn(t.app, plant);
  }, 120_000);
  afterAll(() => t.close());

  const at = async (instant: string) => {
    now = new Date(instant);
    return overviewResponse.parse((await call(t.app, session, OVERVIEW, {})).json());
  };
  const monitorKwh = async (start: string, end: string) =>
    (
      await call(t.app, session, MONITOR_DEVICE, {
        factoryId: 0,
        deviceId: plant.rootId,
        timeRange: { start, end },
      })
    ).json().channelList[0].valueKWH as number;

  it('adds the month’s earlier days to today, as Monitor/Device answers the month', async () => {
    const body = await at('2026-11-30T02:07:00Z'); // Mon 30 Nov 10:07 local
    const { day, month } = body.averagePowerUsage;
    expect(day.kwh).toBeCloseTo(67.2, 4);
    expect(month.kwh).toBeCloseTo(72 + 67.2, 4);
    expect(Math.abs(month.kwh - (await monitorKwh('2026-11-01', '2026-11-30')))).toBeLessThan(
      0.001,
    );
    expect(Math.abs(day.kwh - (await monitorKwh('2026-11-30', '2026-11-30')))).toBeLessThan(0.001);
    // October and 29 November had no readings: no percentage against nothing.
    expect(month).toMatchObject({ previousKwh: 0, changePercent: null });
    expect(day).toMatchObject({ previousKwh: 0, changePercent: null });
  });

  it('compares with whole days and the part-day of the previous month', async () => {
    const body = await at('2026-12-02T02:07:00Z'); // Wed 2 Dec 10:07 local
    const { day, month } = body.averagePowerUsage;
    // Last month's first day and 10:07 of its second: all of Nov 1 (72), Nov 2 had nothing.
    expect(month).toMatchObject({ kwh: 121.5, previousKwh: 72 });
    expect(Math.abs(month.kwh - (await monitorKwh('2026-12-01', '2026-12-02')))).toBeLessThan(
      0.001,
    );
    expect(day).toMatchObject({ kwh: 0, changePercent: -100 });
    // Dec 1 to 10:07: 40 whole quarters (M 123, S 2.4) and 7/15 of the 10:00 quarter (1 − 0.1).
    expect(day.previousKwh).toBeCloseTo(123 - 2.4 + (0.9 * 7) / 15, 4);
  });

  it('shows yesterday’s diary no more once the day has turned', async () => {
    // Both meters fell silent after Dec 1 10:05 (offline at 10:15 yesterday): that and
    // yesterday's demand are not today's happenings, and no block of today exists.
    expect((await at('2026-12-01T02:07:00Z')).powerDiary.length).toBeGreaterThan(0);
    expect((await at('2026-12-02T02:07:00Z')).powerDiary).toEqual([]);
    // Still the same day at 23:59 local: S's night silence, and both meters silent since 10:15.
    const late = await at('2026-12-01T15:59:00Z');
    const offline = late.powerDiary.filter((entry) => entry.kind === 'meterOffline');
    expect(offline.map((entry) => [entry.nodeId, entry.time])).toEqual([
      [plant.meterM, '2026-12-01T02:15:00.000Z'],
      [plant.solarS, '2026-12-01T02:15:00.000Z'],
      [plant.solarS, '2026-11-30T18:10:00.000Z'],
    ]);
  });
});
