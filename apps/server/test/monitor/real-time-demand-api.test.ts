import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeReadings, type NormalizedReading } from '../../src/modules/rollups/store-readings.ts';
import { backends } from '../helpers/backends.ts';
import {
  call,
  createFactory,
  createNode,
  MONITOR_DEVICE,
  signIn,
  startMonitorApp,
  type MonitorTestApp,
  type Session,
  type TestFactory,
} from './monitor-app.ts';

const MINUTE = 60_000;
const at = (hhmmss: string) => Date.parse(`2026-11-22T${hhmmss}Z`);

/** Readings every `step` minutes from `from` to `to` (both included) at `kwAt(t)`, counter following. */
function series(
  nodeId: number,
  from: string,
  to: string,
  step: number,
  kwAt: (t: number) => number,
): NormalizedReading[] {
  const readings: NormalizedReading[] = [];
  let counter = 1000;
  for (let t = at(from); t <= at(to); t += step * MINUTE) {
    const kw = kwAt(t);
    readings.push({
      nodeId,
      ts: new Date(t),
      phases: { value: { voltage: 230, current: kw * 4.3, kw } },
      kw,
      kwhForward: counter,
      kwhReverse: null,
      frequency: 60,
      temperature: null,
    });
    counter += (kw * step) / 60; // the energy of the interval that this reading opens
  }
  return readings;
}

/**
 * Real Time Demand through POST /v1/Web/Monitor/Device (issue #9): a block
 * counts once its closing reading is stored; a 5-minute gateway is not read
 * as 30 kW; a silent meter shows null; a virtual node waits for every member.
 * The routes' clock is a Date this suite moves forward.
 */
describe.each(backends)('real-time demand on %s', (backend) => {
  const now = new Date(at('17:30:00'));
  let t: MonitorTestApp;
  let factory: TestFactory;
  let session: Session;
  const ids = { minute: 0, gateway: 0, silent: 0, area: 0 };
  let minuteSeries: NormalizedReading[] = [];
  let gatewaySeries: NormalizedReading[] = [];
  const until = (hhmmss: string, readings: NormalizedReading[]) =>
    readings.filter((r) => r.ts.getTime() <= at(hhmmss));
  const after = (hhmmss: string, readings: NormalizedReading[]) =>
    readings.filter((r) => r.ts.getTime() > at(hhmmss));

  const demandOf = async (deviceId: number) => {
    const response = await call(t.app, session, MONITOR_DEVICE, {
      factoryId: 0,
      deviceId,
      timeRange: { start: '2026-11-22', end: '2026-11-22' },
    });
    return response.json().channelList[0].demand.valueKw as number | null;
  };

  beforeAll(async () => {
    t = await startMonitorApp(backend, now);
    factory = await createFactory(t.db, 'demand', 'UTC', 0.5);
    const node = (name: string, type: 'smartMeter' | 'virtual', parentId: number | null) =>
      createNode(t.db, factory.factoryId, {
        parentId,
        type,
        name,
        chName: name,
        ...(type === 'virtual' ? {} : { wiring: 'value', serial: name }),
      });
    ids.area = await node('Area', 'virtual', null);
    ids.minute = await node('Minute Meter', 'smartMeter', ids.area);
    ids.gateway = await node('Five-Minute Gateway', 'smartMeter', ids.area);
    ids.silent = await node('Silent Meter', 'smartMeter', null);
    // 40 kW in the 17:00 block, 48 kW from 17:15; the :30 reading is not stored yet.
    const stepUp = (ts: number) => (ts < at('17:15:00') ? 40 : 48);
    minuteSeries = series(ids.minute, '16:00:00', '17:31:00', 1, stepUp);
    gatewaySeries = series(ids.gateway, '16:00:00', '17:30:00', 5, () => 45);
    await storeReadings(t.db, factory.factoryId, [
      ...until('17:29:00', minuteSeries),
      ...until('17:25:00', gatewaySeries),
      ...series(ids.silent, '16:00:00', '17:15:00', 1, () => 45),
    ]);
    session = await signIn(t.app, factory);
  });
  afterAll(() => t.close());

  it('at 17:30:00, before the closing reading lands, shows the previous complete block', async () => {
    now.setTime(at('17:30:00'));
    expect(await demandOf(ids.minute)).toBe(40); // not 44.8: 14 minutes of 48 kW over 15
    expect(await demandOf(ids.gateway)).toBe(45); // not 30: 10 minutes of 45 kW over 15
    expect(await demandOf(ids.silent)).toBe(45); // its 17:00 block, closed by the 17:15 reading
  });

  it('once the closing reading is stored the block counts, and a virtual node waits for all members', async () => {
    await storeReadings(t.db, factory.factoryId, after('17:29:00', minuteSeries));
    now.setTime(at('17:31:10'));
    expect(await demandOf(ids.minute)).toBe(48);
    // The gateway has not closed 17:15 yet: the area shows 17:00 (40 + 45), not 48 + 30.
    expect(await demandOf(ids.area)).toBe(85);
    await storeReadings(t.db, factory.factoryId, after('17:25:00', gatewaySeries));
    expect(await demandOf(ids.area)).toBe(93);
  });

  it('a meter silent past the grace shows null, never 0', async () => {
    now.setTime(at('17:44:59'));
    expect(await demandOf(ids.silent)).toBe(45);
    now.setTime(at('17:50:00'));
    expect(await demandOf(ids.silent)).toBeNull();
  });
});
