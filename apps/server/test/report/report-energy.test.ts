import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitorDeviceResponse, reportEnergyResponse } from '@wattboard/contract';
import { DEFAULT_TARIFF } from '@wattboard/contract';
import {
  ensureDefaultTariffs,
  saveTariffVersion,
} from '../../src/modules/cost/repo/tariff-store.ts';
import { backends } from '../helpers/backends.ts';
import { call, MONITOR_DEVICE, signIn, type Session } from '../monitor/monitor-app.ts';
import { ENERGY, startReportApp, type ReportTestApp } from './report-app.ts';
import { FIXTURE_NOW, seedReportPlant, type ReportPlant } from './report-fixture.ts';

describe.each(backends)('report energy view on %s', (backend) => {
  let t: ReportTestApp;
  let plant: ReportPlant;
  let session: Session;
  const energy = (fields: Record<string, unknown>) =>
    call(t.app, session, ENERGY, { factoryId: 0, smartmeterId: plant.meter, ...fields });

  beforeAll(async () => {
    t = await startReportApp(backend, FIXTURE_NOW);
    plant = await seedReportPlant(t.db);
    session = await signIn(t.app, plant);
  });
  afterAll(() => t.close());

  it('gives each channel its hours: forward, reverse, net, CO2, max and average kW', async () => {
    const response = await energy({ dtStart: '2026-11-20', dtEnd: '2026-11-20', interval: 'hour' });
    expect(response.statusCode).toBe(200);
    const body = reportEnergyResponse.parse(response.json());
    expect(body.energyList).toHaveLength(24 * 4);
    // Meter M: 4 quarters of 1 kWh forward, 0.25 reverse and 0.5 kvarh an hour, 7.5 kW readings,
    // CO2 0.5 kg/kWh.
    expect(body.energyList[0]).toEqual({
      channelId: plant.meter,
      dtStart: '2026-11-20T00:00:00+08:00',
      dtEnd: '2026-11-20T01:00:00+08:00',
      kwhForward: 4,
      kwhReverse: 1,
      kwhNet: 3,
      kvarhLagging: 2,
      co2KG: 1.5,
      maxKW: 7.5,
      averageKW: 3,
      cost: null, // this factory has no tariff (priced below)
    });
    expect(body.energyList.slice(0, 4).map((row) => row.channelId)).toEqual([
      plant.meter,
      plant.delta,
      plant.split,
      plant.single,
    ]);
    expect(body.totalList[0]).toEqual({
      channelId: plant.meter,
      kwhForward: 96,
      kwhReverse: 24,
      kwhNet: 72,
      kvarhLagging: 48,
      co2KG: 36,
      maxKW: 7.5,
      averageKW: 3,
      cost: null, // this factory has no tariff (priced below)
    });
  });

  it('prices rows and totals by the tariff, and follows a tariff change (#15)', async () => {
    await ensureDefaultTariffs(t.db, plant.factoryId);
    const day = { dtStart: '2026-11-20', dtEnd: '2026-11-20' };
    const hours = reportEnergyResponse.parse((await energy({ ...day, interval: 'hour' })).json());
    const meterRows = hours.energyList.filter((row) => row.channelId === plant.meter);
    // Fri 2026-11-20, non-summer: 3 kWh net an hour; 00–06 and 11–14 off-peak 2.32, else
    // half-peak 5.47 (Taipower's table of 2025-10-01): 27 × 2.32 + 45 × 5.47 = 308.79.
    expect(meterRows[0]!.cost).toBe(6.96);
    expect(meterRows[6]!.cost).toBe(16.41);
    expect(hours.totalList[0]!.cost).toBe(308.79);
    const days = reportEnergyResponse.parse((await energy({ ...day, interval: 'day' })).json());
    expect(days.energyList.find((row) => row.channelId === plant.meter)!.cost).toBe(308.79);
    const dearer = structuredClone(DEFAULT_TARIFF);
    for (const d of dearer.days) d.rates.offPeak = 3;
    await saveTariffVersion(t.db, plant.factoryId, '2026-11-20', dearer, 'test');
    const after = reportEnergyResponse.parse((await energy({ ...day, interval: 'hour' })).json());
    expect(after.energyList[0]!.cost).toBe(9);
    expect(after.totalList[0]!.cost).toBe(327.15); // 27 off-peak kWh × (3 − 2.32) more
    await t.db.query('DELETE FROM tariff_versions WHERE factory_id = $1', [plant.factoryId]);
  });

  it('totals equal Monitor/Device for the same node and range, at every interval', async () => {
    const timeRange = { start: '2026-11-20T10:00', end: '2026-11-21T00:00' };
    const monitor = monitorDeviceResponse.parse(
      (
        await call(t.app, session, MONITOR_DEVICE, {
          factoryId: 0,
          deviceId: plant.meter,
          timeRange,
        })
      ).json(),
    );
    for (const interval of ['quarterHour', 'hour', 'day', 'month']) {
      const body = reportEnergyResponse.parse(
        (await energy({ dtStart: timeRange.start, dtEnd: timeRange.end, interval })).json(),
      );
      const totals = body.totalList.map((c) => [
        c.channelId,
        c.kwhForward,
        c.kwhReverse,
        c.kwhNet,
        c.co2KG,
      ]);
      const device = monitor.channelList.map((c) => [
        c.id,
        c.positiveKWH,
        c.reverseKWH,
        c.valueKWH,
        c.co2KG,
      ]);
      expect(totals, interval).toEqual(device);
      // The intervals add up to the totals too.
      for (const total of body.totalList) {
        const rows = body.energyList.filter((row) => row.channelId === total.channelId);
        const sum = rows.reduce((acc, row) => acc + row.kwhForward, 0);
        expect(sum, `${interval} ${total.channelId}`).toBeCloseTo(total.kwhForward, 6);
      }
    }
  });

  it('clips a partial first day and reads whole days from the daily rollups', async () => {
    const body = reportEnergyResponse.parse(
      (await energy({ dtStart: '2026-11-20T10:00', dtEnd: '2026-11-21', interval: 'day' })).json(),
    );
    const meter = body.energyList.filter((row) => row.channelId === plant.meter);
    expect(meter[0]).toMatchObject({
      dtStart: '2026-11-20T10:00:00+08:00',
      dtEnd: '2026-11-21T00:00:00+08:00',
      kwhForward: 56, // 14 hours × 4 kWh
      kwhReverse: 14,
      averageKW: 3,
    });
  });

  it('refuses ranges it cannot answer with 400 naming the field', async () => {
    const off = await energy({
      dtStart: '2026-11-20T10:05',
      dtEnd: '2026-11-21',
      interval: 'hour',
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toMatch(/^dtStart: must be on a quarter hour/);
    const long = await energy({
      dtStart: '2026-01-01',
      dtEnd: '2026-03-01',
      interval: 'quarterHour',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('dtEnd: a range by quarterHour covers at most 31 days.');
    const backwards = await energy({ dtStart: '2026-11-21', dtEnd: '2026-11-20' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toMatch(/dtEnd/);
  });
});
