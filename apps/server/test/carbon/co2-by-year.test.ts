import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consumptionQueryResponse,
  monitorDeviceResponse,
  reportEnergyResponse,
} from '@wattboard/contract';
import { storeReadings, type NormalizedReading } from '../../src/modules/rollups/store-readings.ts';
import { saveEmissionFactor } from '../../src/modules/carbon/index.ts';
import { backends } from '../helpers/backends.ts';
import {
  call,
  CONSUMPTION_QUERY,
  createFactory,
  createNode,
  MONITOR_DEVICE,
  signIn,
  type Session,
} from '../monitor/monitor-app.ts';
import { ENERGY, startReportApp, type ReportTestApp } from '../report/report-app.ts';

const QUARTER = 15 * 60_000;
const taipei = (text: string) => Date.parse(`${text}+08:00`);
const phases = { value: { voltage: 220, current: 10, kw: 4, pf: 0.9 } };

/**
 * A meter in Taipei using 1 kWh a quarter hour from 22:00 on 31 December 2025
 * to 02:00 on 1 January 2026: 8 kWh in each year. 2025's factor is 0.5 and
 * 2026's 0.4 kg/kWh, so every page shows 8 × 0.5 + 8 × 0.4 = 7.2 kg for the
 * two days, never 16 × one factor (the factory's old single factor is 0.9).
 */
describe.each(backends)('CO2 by year on %s', (backend) => {
  let t: ReportTestApp;
  let session: Session;
  let meter: number;
  let factoryId: number;

  beforeAll(async () => {
    t = await startReportApp(backend, new Date('2026-01-02T04:00:00Z'));
    const factory = await createFactory(t.db, 'newyear', 'Asia/Taipei', 0.9);
    factoryId = factory.factoryId;
    meter = await createNode(t.db, factoryId, {
      parentId: null,
      type: 'smartMeter',
      name: 'Main',
      chName: '總表',
      wiring: 'value',
      serial: 'NY-1',
    });
    await saveEmissionFactor(t.db, factoryId, {
      year: 2025,
      kgPerKwh: 0.5,
      source: 'test',
      sourceZh: '',
    });
    await saveEmissionFactor(t.db, factoryId, {
      year: 2026,
      kgPerKwh: 0.4,
      source: 'test',
      sourceZh: '',
    });
    const readings: NormalizedReading[] = [];
    for (
      let ts = taipei('2025-12-31T22:00'), i = 0;
      ts <= taipei('2026-01-01T02:00');
      ts += QUARTER
    ) {
      readings.push({
        nodeId: meter,
        ts: new Date(ts),
        phases,
        kw: 4,
        kwhForward: 500 + i++,
        kwhReverse: null,
        frequency: 60,
        temperature: null,
      });
    }
    await storeReadings(t.db, factoryId, readings);
    session = await signIn(t.app, factory);
  });
  afterAll(() => t.close());

  it("prices the report's rows and total at each year's factor", async () => {
    const response = await call(t.app, session, ENERGY, {
      factoryId: 0,
      smartmeterId: meter,
      dtStart: '2025-12-31',
      dtEnd: '2026-01-01',
      interval: 'hour',
    });
    const body = reportEnergyResponse.parse(response.json());
    const row = (start: string) => body.energyList.find((r) => r.dtStart === start)!;
    expect(row('2025-12-31T23:00:00+08:00')).toMatchObject({ kwhNet: 4, co2KG: 2 });
    expect(row('2026-01-01T00:00:00+08:00')).toMatchObject({ kwhNet: 4, co2KG: 1.6 });
    expect(body.totalList[0]).toMatchObject({ kwhNet: 16, co2KG: 7.2 });
  });

  it('gives Monitor/Device and the consumption query the same split', async () => {
    const device = monitorDeviceResponse.parse(
      (
        await call(t.app, session, MONITOR_DEVICE, {
          factoryId: 0,
          deviceId: meter,
          timeRange: { start: '2025-12-31', end: '2026-01-01' },
        })
      ).json(),
    );
    expect(device.channelList[0]).toMatchObject({ valueKWH: 16, co2KG: 7.2 });
    const night = consumptionQueryResponse.parse(
      (
        await call(t.app, session, CONSUMPTION_QUERY, {
          factoryId: 0,
          deviceId: meter,
          segmentInfo: {
            dateRange: { startDate: '2025-12-31', endDate: '2025-12-31' },
            timeRange: { startTime: '22:00', endTime: '06:00' },
            weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
          },
        })
      ).json(),
    );
    // One night window from 31 December 22:00 to 1 January 06:00, cut at midnight.
    expect(night).toMatchObject({ totalConsumed: 16, totalCo2: 7.2 });
  });

  it("entering next year's factor changes nothing already shown", async () => {
    await saveEmissionFactor(t.db, factoryId, {
      year: 2027,
      kgPerKwh: 0.1,
      source: 'test',
      sourceZh: '',
    });
    const response = await call(t.app, session, ENERGY, {
      factoryId: 0,
      smartmeterId: meter,
      dtStart: '2025-12-31',
      dtEnd: '2026-01-01',
      interval: 'day',
    });
    const body = reportEnergyResponse.parse(response.json());
    expect(body.energyList.map((r) => r.co2KG)).toEqual([4, 3.2]);
    expect(body.totalList[0]!.co2KG).toBe(7.2);
  });
});
