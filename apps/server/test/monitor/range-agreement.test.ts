import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeReadings, type NormalizedReading } from '../../src/modules/rollups/store-readings.ts';
import { ZoneClock } from '@wattboard/zone-time';
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

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const ZONE = 'Europe/Berlin';
const clock = new ZoneClock(ZONE);
/** Minute readings from Sat 2026-10-24 12:00 +02:00 through Mon 00:00 +01:00, over the autumn change. */
const FIRST = Date.parse('2026-10-24T10:00:00Z');
const LAST = Date.parse('2026-10-25T23:00:00Z');
/** A gateway outage between quarter hours, so an interval is split across buckets. */
const GAP = { from: Date.parse('2026-10-24T15:51:00Z'), to: Date.parse('2026-10-24T15:58:00Z') };

function minuteReadings(nodeId: number): NormalizedReading[] {
  const readings: NormalizedReading[] = [];
  let counter = 5000;
  for (let t = FIRST, k = 0; t <= LAST; t += MINUTE, k += 1) {
    const step = ((k % 7) + 1) / 8; // 0.125 … 0.875 kWh a minute: a varying load
    counter += step;
    if (t > GAP.from && t < GAP.to) continue;
    readings.push({
      nodeId,
      ts: new Date(t),
      phases: { value: { voltage: 230, current: 10, kw: step * 60 } },
      kw: step * 60,
      kwhForward: counter,
      kwhReverse: null,
      frequency: 50,
      temperature: null,
    });
  }
  return readings;
}

/** The oracle: energy in [from, to) straight from the readings, each interval split by time. */
function energyIn(readings: readonly NormalizedReading[], from: number, to: number): number {
  let total = 0;
  for (let i = 1; i < readings.length; i++) {
    const a = readings[i - 1]!.ts.getTime();
    const b = readings[i]!.ts.getTime();
    const overlap = Math.min(b, to) - Math.max(a, from);
    if (overlap <= 0) continue;
    total += ((readings[i]!.kwhForward! - readings[i - 1]!.kwhForward!) * overlap) / (b - a);
  }
  return total;
}

/** A range as the client writes it: factory-local wall-clock start and its length in minutes. */
interface LocalRange {
  /** Civil ms: the local wall-clock start written as if UTC. */
  civilStart: number;
  minutes: number;
}

const localText = (civil: number) => new Date(civil).toISOString().slice(0, 16);

/**
 * Every monitor call answers the same energy for the same range (issue #9):
 * Monitor/Device, Power/Detail at 1, 5, 15 and 60 minutes and the consumption
 * query, on and off the 15-minute grid, over a 25-hour daylight-saving day.
 */
describe.each(backends)('one energy per range from every call on %s', (backend) => {
  let t: MonitorTestApp;
  let session: Session;
  let readings: NormalizedReading[];
  const nodes: number[] = [];

  beforeAll(async () => {
    t = await startMonitorApp(backend, new Date('2026-10-27T12:00:00Z'));
    const factory = await createFactory(t.db, 'agree', ZONE, 0.4);
    const area = await createNode(t.db, factory.factoryId, {
      parentId: null,
      type: 'virtual',
      name: 'Hall',
      chName: '廠房',
    });
    const meter = await createNode(t.db, factory.factoryId, {
      parentId: area,
      type: 'smartMeter',
      name: 'Press',
      chName: '沖床',
      wiring: 'value',
      serial: 'AG-1',
    });
    nodes.push(meter, area);
    readings = minuteReadings(meter);
    await storeReadings(t.db, factory.factoryId, readings);
    session = await signIn(t.app, factory);
  });
  afterAll(() => t.close());

  const post = async (path: string, fields: Record<string, unknown>) =>
    (await call(t.app, session, path, { factoryId: 0, ...fields })).json();

  /** Each call's answer: its energy, or its refusal message. */
  async function answers(deviceId: number, range: LocalRange): Promise<(number | string)[]> {
    const end = range.civilStart + range.minutes * MINUTE;
    const timeRange = { start: localText(range.civilStart), end: localText(end) };
    const device = await post(MONITOR_DEVICE, { deviceId, timeRange });
    const results: (number | string)[] = [
      device.statusCode === 200 ? device.channelList[0].valueKWH : device.message,
    ];
    for (const resolution of [1, 5, 15, 60]) {
      const chart = await post(POWER_DETAIL, { deviceId, timeRange, resolution });
      results.push(chart.statusCode === 200 ? chart.energyChart.useKwh.value : chart.message);
    }
    // The same range as a consumption window on its first day (ranges here are at most 24 h).
    const date = localText(range.civilStart).slice(0, 10);
    const consumption = await post(CONSUMPTION_QUERY, {
      deviceId,
      segmentInfo: {
        dateRange: { startDate: date, endDate: date },
        timeRange: { startTime: timeRange.start.slice(11), endTime: timeRange.end.slice(11) },
        weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
      },
    });
    results.push(consumption.statusCode === 200 ? consumption.totalConsumed : consumption.message);
    return results;
  }

  const civil = (local: string) => Date.parse(`${local}Z`);
  const oracle = (range: LocalRange) =>
    energyIn(
      readings,
      clock.fromCivil(range.civilStart),
      clock.fromCivil(range.civilStart + range.minutes * MINUTE),
    );

  function expectAgreement(results: (number | string)[], expected: number) {
    for (const result of results) {
      expect(typeof result).toBe('number');
      expect(result as number).toBeCloseTo(expected, 3);
    }
  }

  it("the issue's 17:50–18:10 is refused by every call; 17:45–18:15 agrees everywhere", async () => {
    for (const deviceId of nodes) {
      const off = await answers(deviceId, { civilStart: civil('2026-10-24T17:50'), minutes: 20 });
      expect(off).toHaveLength(6);
      for (const message of off) expect(message).toMatch(/must be on a quarter hour/);
      const on = { civilStart: civil('2026-10-24T17:45'), minutes: 30 };
      expectAgreement(await answers(deviceId, on), oracle(on));
    }
  });

  it('agrees across the gap split between quarter hours and through the repeated hour', async () => {
    const cases: LocalRange[] = [
      { civilStart: civil('2026-10-24T17:45'), minutes: 15 }, // the outage 17:51–17:58 local
      { civilStart: civil('2026-10-25T01:45'), minutes: 90 }, // 01:45 +02 to 03:15 +01: 2.5 h
      { civilStart: civil('2026-10-25T00:00'), minutes: 24 * 60 }, // the whole 25-hour day
    ];
    for (const range of cases) {
      for (const deviceId of nodes) expectAgreement(await answers(deviceId, range), oracle(range));
    }
    expect(oracle(cases[1]!)).toBeCloseTo(
      energyIn(readings, Date.parse('2026-10-24T23:45:00Z'), Date.parse('2026-10-25T02:15:00Z')),
      9,
    );
  });

  it('agrees on random ranges of the grid, and every call refuses random off-grid ones', async () => {
    const firstCivil = civil('2026-10-24T12:00');
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 95 }),
        fc.integer({ min: 1, max: 96 }),
        fc.integer({ min: 0, max: 14 }),
        fc.constantFrom(0, 1),
        async (startQuarter, quarters, offMinutes, which) => {
          const range = {
            civilStart: firstCivil + startQuarter * QUARTER + offMinutes * MINUTE,
            minutes: quarters * 15,
          };
          const results = await answers(nodes[which]!, range);
          if (offMinutes === 0) expectAgreement(results, oracle(range));
          else for (const message of results) expect(message).toMatch(/must be on a quarter hour/);
        },
      ),
      { numRuns: 25, seed: 9 },
    );
  });
});
