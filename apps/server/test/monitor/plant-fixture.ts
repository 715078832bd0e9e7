import type { Db } from '../../src/platform/db/db.ts';
import { storeReadings, type NormalizedReading } from '../../src/modules/rollups/store-readings.ts';
import { createFactory, createNode, type TestFactory } from './monitor-app.ts';

/**
 * A small plant in Asia/Taipei (UTC+8, no DST) with hand-computable figures:
 *
 *   Plant (virtual) ── Meter A (3-phase a,b,c, with solar reverse energy)
 *                   └─ Meter B (single-phase three-wire l1,l2)
 *
 * Readings every 15 minutes from Fri 2026-11-20 00:00 to Mon 2026-11-23 00:00
 * local time, so the 15-minute bucket opened by each reading gets exactly the
 * counter step to the next reading:
 * - A, bucket in local hour h: forward (h+1)/4 kWh (average h+1 kW), reverse
 *   0.5 kWh in hours 10–13; the reading's instantaneous kW is h + 1.5.
 *   Per day: forward 300 kWh, reverse 8 kWh.
 * - B: 1 kWh per bucket on Friday, 0.5 on Saturday, 0.25 on Sunday
 *   (96, 48 and 24 kWh a day), instantaneous kW = 4× the bucket's kWh.
 * Before that, A has two demand spikes: 40 kW in the block Sat 2026-10-31
 * 23:45 local (October: outside "this month") and 30 kW in the block
 * Thu 2026-11-05 10:00 (November's highest). CO2 factor 0.5 kg/kWh.
 */
export const PLANT_ZONE = 'Asia/Taipei';
export const PLANT_CO2 = 0.5;
/** Sunday 2026-11-22 15:07 local. */
export const PLANT_NOW = new Date('2026-11-22T07:07:00Z');

const QUARTER = 15 * 60_000;
const OFFSET = 8 * 3_600_000;
const local = (text: string) => Date.parse(`${text}Z`) - OFFSET;

export const A_FORWARD = (hour: number) => (hour + 1) / 4;
export const A_REVERSE = (hour: number) => (hour >= 10 && hour <= 13 ? 0.5 : 0);
export const B_BY_DATE: Record<string, number> = {
  '2026-11-20': 1,
  '2026-11-21': 0.5,
  '2026-11-22': 0.25,
};

export interface Plant extends TestFactory {
  rootId: number;
  meterA: number;
  meterB: number;
}

function reading(
  nodeId: number,
  ts: number,
  kw: number,
  forward: number,
  reverse: number | null,
  phases: NormalizedReading['phases'],
): NormalizedReading {
  return {
    nodeId,
    ts: new Date(ts),
    phases,
    kw,
    kwhForward: forward,
    kwhReverse: reverse,
    frequency: 60,
    temperature: 35,
  };
}

const threePhase = (kw: number): NormalizedReading['phases'] => ({
  a: { voltage: 220, current: 10, kw: kw / 3, pf: 0.95 },
  b: { voltage: 221, current: 11.5, kw: kw / 3, pf: 0.95 },
  c: { voltage: 219, current: 8.5, kw: kw / 3, pf: 0.95 },
});

const splitPhase = (kw: number): NormalizedReading['phases'] => ({
  l1: { voltage: 110, current: 10, kw: kw / 2, pf: 0.9 },
  l2: { voltage: 110, current: 9, kw: kw / 2, pf: 0.9 },
});

function meterAReadings(nodeId: number): NormalizedReading[] {
  const readings = [
    reading(nodeId, local('2026-10-31T23:45'), 40, 1000, 0, threePhase(40)),
    reading(nodeId, local('2026-11-01T00:00'), 1, 1010, 0, threePhase(1)),
    reading(nodeId, local('2026-11-05T10:00'), 30, 1010, 0, threePhase(30)),
    reading(nodeId, local('2026-11-05T10:15'), 1, 1017.5, 0, threePhase(1)),
  ];
  let forward = 1017.5;
  let reverse = 0;
  for (let t = local('2026-11-20T00:00'); t <= local('2026-11-23T00:00'); t += QUARTER) {
    const hour = new Date(t + OFFSET).getUTCHours();
    readings.push(reading(nodeId, t, hour + 1.5, forward, reverse, threePhase(hour + 1.5)));
    forward += A_FORWARD(hour);
    reverse += A_REVERSE(hour);
  }
  return readings;
}

function meterBReadings(nodeId: number): NormalizedReading[] {
  const readings: NormalizedReading[] = [];
  let forward = 500;
  for (let t = local('2026-11-20T00:00'); t <= local('2026-11-23T00:00'); t += QUARTER) {
    const perBucket = B_BY_DATE[new Date(t + OFFSET).toISOString().slice(0, 10)] ?? 0;
    readings.push(reading(nodeId, t, perBucket * 4, forward, null, splitPhase(perBucket * 4)));
    forward += perBucket;
  }
  return readings;
}

export async function seedPlant(db: Db): Promise<Plant> {
  const factory = await createFactory(db, 'plant', PLANT_ZONE, PLANT_CO2);
  const { factoryId } = factory;
  const rootId = await createNode(db, factoryId, {
    parentId: null,
    type: 'virtual',
    name: 'Plant',
    chName: '廠區',
  });
  const meterA = await createNode(db, factoryId, {
    parentId: rootId,
    type: 'smartMeter',
    name: 'Meter A',
    chName: '電表 A',
    wiring: 'a,b,c',
    serial: 'PL-A',
    hasReverseKwh: true,
    sortOrder: 0,
  });
  const meterB = await createNode(db, factoryId, {
    parentId: rootId,
    type: 'smartMeter',
    name: 'Meter B',
    chName: '電表 B',
    wiring: 'l1,l2',
    serial: 'PL-B',
    sortOrder: 1,
  });
  await storeReadings(db, factoryId, [...meterAReadings(meterA), ...meterBReadings(meterB)]);
  return { ...factory, rootId, meterA, meterB };
}
