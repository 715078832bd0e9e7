import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelReportResponse, type ReportRow } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { call, signIn, type Session } from '../monitor/monitor-app.ts';
import { REPORT, startReportApp, type ReportTestApp } from './report-app.ts';
import { FIXTURE_NOW, seedReportPlant, type ReportPlant } from './report-fixture.ts';

const DAY = { dtStart: '2026-11-20', dtEnd: '2026-11-20' };
const FIRST = { dtStart: '2026-11-20T00:00', dtEnd: '2026-11-20T00:15' };

type Expected = Omit<ReportRow, 'dtReceived'>;
const none = { voltage_C: null, current_C: null, realPowerKW_C: null, apparentPowerKVA_C: null };

describe.each(backends)('channel report rows on %s', (backend) => {
  let t: ReportTestApp;
  let plant: ReportPlant;
  let session: Session;
  const report = (fields: Record<string, unknown>) =>
    call(t.app, session, REPORT, { factoryId: 0, smartmeterId: plant.meter, ...fields });

  beforeAll(async () => {
    t = await startReportApp(backend, FIXTURE_NOW);
    plant = await seedReportPlant(t.db);
    session = await signIn(t.app, plant);
  });
  afterAll(() => t.close());

  it('flattens one reading of each wiring into the row by hand', async () => {
    const response = await report(FIRST);
    expect(response.statusCode).toBe(200);
    const body = channelReportResponse.parse(response.json());
    expect(body.channelList.map((c) => [c.id, c.name, c.type])).toEqual([
      [plant.meter, 'Meter M', 'smartMeter'],
      [plant.delta, 'Delta', 'circuit'],
      [plant.split, 'Split', 'circuit'],
      [plant.single, 'Single', 'circuit'],
    ]);
    const common = {
      smartmeterId: plant.meter,
      dtReading: '2026-11-20T00:00:00+08:00',
      kwhForward: 100,
      kwhTotal: 100,
      frequencyHz: 60,
      temperature: 31.5,
    };
    const wye: Expected = {
      ...common,
      channelId: plant.meter,
      serialNumber: 'rpt-M-1',
      voltage_A: 220,
      voltage_B: 230,
      voltage_C: 210,
      current_A: 10,
      current_B: 20,
      current_C: 5,
      realPowerKW_A: 2,
      realPowerKW_B: 4.5,
      realPowerKW_C: 1,
      realPowerKW_Total: 7.5,
      apparentPowerKVA_A: 2.2,
      apparentPowerKVA_B: 4.6,
      apparentPowerKVA_C: 1.05,
      apparentPowerKVA_Total: 7.85,
      // √(2.2² − 2²), √(4.6² − 4.5²), √(1.05² − 1²)
      reactivePowerKVAR_A: 0.9165,
      reactivePowerKVAR_B: 0.9539,
      reactivePowerKVAR_C: 0.3202,
      reactivePowerKVAR_Total: 2.1906,
      powerFactor_A: 0.9,
      powerFactor_B: 0.95,
      powerFactor_C: 0.8,
      powerFactor_Total: 0.9554, // 7.5 / 7.85
      kwhReverse: 0,
      kvarhLagging: 40,
    };
    const delta: Expected = {
      ...common,
      channelId: plant.delta,
      serialNumber: 'rpt-Delta',
      voltage_A: 380,
      voltage_B: 380,
      voltage_C: 380,
      current_A: 10,
      current_B: 10,
      current_C: 10,
      realPowerKW_A: 3.6,
      realPowerKW_B: 3.6,
      realPowerKW_C: 3.6,
      realPowerKW_Total: 10.8,
      apparentPowerKVA_A: 3.8,
      apparentPowerKVA_B: 3.8,
      apparentPowerKVA_C: 3.8,
      apparentPowerKVA_Total: 11.4,
      reactivePowerKVAR_A: 1.2166,
      reactivePowerKVAR_B: 1.2166,
      reactivePowerKVAR_C: 1.2166,
      reactivePowerKVAR_Total: 3.6497,
      powerFactor_A: 0.95,
      powerFactor_B: 0.95,
      powerFactor_C: 0.95,
      powerFactor_Total: 0.9474, // 10.8 / 11.4
      kwhReverse: null,
      kvarhLagging: null,
    };
    const split: Expected = {
      ...common,
      ...none,
      channelId: plant.split,
      serialNumber: 'rpt-Split',
      voltage_A: 110,
      voltage_B: 110,
      current_A: 10,
      current_B: 20,
      realPowerKW_A: 1,
      realPowerKW_B: 2,
      realPowerKW_Total: 3,
      apparentPowerKVA_A: 1.1,
      apparentPowerKVA_B: 2.2,
      apparentPowerKVA_Total: 3.3,
      reactivePowerKVAR_A: 0.4583,
      reactivePowerKVAR_B: 0.9165,
      reactivePowerKVAR_C: null,
      reactivePowerKVAR_Total: 1.3748,
      powerFactor_A: 0.91,
      powerFactor_B: 0.91,
      powerFactor_C: null,
      powerFactor_Total: 0.9091,
      kwhReverse: null,
      kvarhLagging: null,
    };
    const single: Expected = {
      ...common,
      ...none,
      channelId: plant.single,
      serialNumber: 'rpt-Single',
      voltage_A: 220,
      voltage_B: null,
      current_A: 5,
      current_B: null,
      realPowerKW_A: 0.88,
      realPowerKW_B: null,
      realPowerKW_Total: 0.88,
      apparentPowerKVA_A: 1.1,
      apparentPowerKVA_B: null,
      apparentPowerKVA_Total: 1.1,
      reactivePowerKVAR_A: 0.66,
      reactivePowerKVAR_B: null,
      reactivePowerKVAR_C: null,
      reactivePowerKVAR_Total: 0.66,
      powerFactor_A: 0.8,
      powerFactor_B: null,
      powerFactor_C: null,
      powerFactor_Total: 0.8,
      kwhReverse: null,
      kvarhLagging: null,
    };
    const rows = body.reportList.map(({ dtReceived, ...rest }) => {
      expect(dtReceived).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
      return rest;
    });
    expect(rows).toEqual([wye, delta, split, single]);
    expect(body.nextCursor).toBeNull();
  });

  it('orders a day by time then channel, and selects channels', async () => {
    const all = channelReportResponse.parse((await report(DAY)).json()).reportList;
    expect(all).toHaveLength(4 * 96); // 00:00 … 23:45; the 24:00 reading is the next day's
    expect(all.at(-1)).toMatchObject({ dtReading: '2026-11-20T23:45:00+08:00', kwhForward: 195 });
    const only = channelReportResponse.parse(
      (await report({ ...DAY, channelIds: [plant.split] })).json(),
    ).reportList;
    expect(only.map((row) => row.channelId)).toEqual(Array(96).fill(plant.split));
    expect(only).toEqual(all.filter((row) => row.channelId === plant.split));
  });

  it('pages through a range with the cursor, without gaps or repeats', async () => {
    const all = channelReportResponse.parse((await report(DAY)).json()).reportList;
    const paged: ReportRow[] = [];
    let after: string | null | undefined;
    let pages = 0;
    do {
      const body = channelReportResponse.parse(
        (await report({ ...DAY, pageSize: 50, ...(after ? { after } : {}) })).json(),
      );
      expect(body.reportList.length).toBe(
        after === null ? 0 : Math.min(50, all.length - paged.length),
      );
      paged.push(...body.reportList);
      after = body.nextCursor;
      pages += 1;
    } while (after);
    expect(pages).toBe(Math.ceil(all.length / 50));
    expect(paged).toEqual(all);
  });
});
