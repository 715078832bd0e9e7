import type { Db } from '../../src/platform/db/db.ts';
import { storeReadings, type NormalizedReading } from '../../src/modules/rollups/store-readings.ts';
import { createFactory, createNode, type TestFactory } from '../monitor/monitor-app.ts';

/**
 * A meter in Asia/Taipei (UTC+8) with one channel of each wiring:
 *   Meter M (wye a,b,c, serial M-1) ── Delta (ab,bc,ca) ── Split (l1,l2) ── Single (value)
 * Readings every 15 minutes on 2026-11-20 local (00:00 … 24:00), counters
 * stepping 1 kWh a quarter (M also 0.25 reverse, and a lagging kvarh counter from 40
 * stepping 0.5 a quarter, issue #24; the circuits have none); hand-checked rows in the tests.
 */
export const FIXTURE_ZONE = 'Asia/Taipei';
export const FIXTURE_CO2 = 0.5;
export const FIXTURE_NOW = new Date('2026-11-22T07:07:00Z');

const QUARTER = 15 * 60_000;
const OFFSET = 8 * 3_600_000;
export const local = (text: string) => Date.parse(`${text}Z`) - OFFSET;

export interface ReportPlant extends TestFactory {
  meter: number;
  delta: number;
  split: number;
  single: number;
}

const PHASES: Record<string, NormalizedReading['phases']> = {
  wye: {
    a: { voltage: 220, current: 10, kw: 2, pf: 0.9 },
    b: { voltage: 230, current: 20, kw: 4.5, pf: 0.95 },
    c: { voltage: 210, current: 5, kw: 1, pf: 0.8 },
  },
  delta: {
    ab: { voltage: 380, current: 10, kw: 3.6, pf: 0.95 },
    bc: { voltage: 380, current: 10, kw: 3.6, pf: 0.95 },
    ca: { voltage: 380, current: 10, kw: 3.6, pf: 0.95 },
  },
  split: {
    l1: { voltage: 110, current: 10, kw: 1, pf: 0.91 },
    l2: { voltage: 110, current: 20, kw: 2, pf: 0.91 },
  },
  single: { value: { voltage: 220, current: 5, kw: 0.88, pf: 0.8 } },
};

function series(
  nodeId: number,
  phases: NormalizedReading['phases'],
  kw: number,
  reverse: boolean,
  kvarh = false,
) {
  const readings: NormalizedReading[] = [];
  let step = 0;
  for (let t = local('2026-11-20T00:00'); t <= local('2026-11-21T00:00'); t += QUARTER) {
    readings.push({
      nodeId,
      ts: new Date(t),
      phases,
      kw,
      kwhForward: 100 + step,
      kwhReverse: reverse ? step * 0.25 : null,
      ...(kvarh ? { kvarhLagging: 40 + step * 0.5 } : {}),
      frequency: 60,
      temperature: 31.5,
    });
    step += 1;
  }
  return readings;
}

export async function seedReportPlant(db: Db, slug = 'rpt'): Promise<ReportPlant> {
  const factory = await createFactory(db, slug, FIXTURE_ZONE, FIXTURE_CO2);
  const node = (spec: Parameters<typeof createNode>[2]) => createNode(db, factory.factoryId, spec);
  const meter = await node({
    parentId: null,
    type: 'smartMeter',
    name: 'Meter M',
    chName: '電表 M',
    wiring: 'a,b,c',
    serial: `${slug}-M-1`,
  });
  const circuit = (name: string, chName: string, wiring: string, sortOrder: number) =>
    node({
      parentId: meter,
      type: 'circuit',
      name,
      chName,
      wiring,
      serial: `${slug}-${name}`,
      sortOrder,
    });
  const delta = await circuit('Delta', '三角', 'ab,bc,ca', 1);
  const split = await circuit('Split', '單相三線', 'l1,l2', 2);
  const single = await circuit('Single', '單相', 'value', 3);
  await storeReadings(db, factory.factoryId, [
    ...series(meter, PHASES.wye!, 7.5, true, true),
    ...series(delta, PHASES.delta!, 10.8, false),
    ...series(split, PHASES.split!, 3, false),
    ...series(single, PHASES.single!, 0.88, false),
  ]);
  return { ...factory, meter, delta, split, single };
}
