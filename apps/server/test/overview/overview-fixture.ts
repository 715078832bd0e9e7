import type { Db } from '../../src/platform/db/db.ts';
import type { NormalizedReading } from '../../src/modules/rollups/normalized-reading.ts';
import { storeReadings } from '../../src/modules/rollups/store-readings.ts';
import { createFactory, createNode, type TestFactory } from '../monitor/monitor-app.ts';

/**
 * A factory in Asia/Taipei (UTC+8) whose "now" is Tue 2026-12-01 10:07 local:
 * today is the month's first day, yesterday is last month, and local midnight
 * is 16:00 UTC the day before, so a UTC day would be visibly wrong.
 *
 *   Supply (virtual) ─┬─ Meter M (smart meter) ─┬─ C1 (½ of M)
 *                     │                         ├─ C2 (¼ of M)
 *                     │                         └─ C3 (1/40 of M)   → 22.5 % unmetered
 *                     └─ Solar S (smart meter, reverse energy)
 *
 * Readings every 5 minutes; each 5-minute step's energy lands in the quarter
 * of the reading that opens it. M per step: 0.5 kWh on Nov 1 (00:00–12:00
 * readings), 0.25 on Nov 30, 1 on Dec 1 up to the 10:05 reading, and 2 in the
 * 09:00 quarter of Dec 1 (a 24 kW block). S exports 0.1 kWh per step from
 * 08:00 to 12:00 on Nov 30 and Dec 1, and is silent on Dec 1 from 02:00 to
 * 03:00. CO2 factor 0.5, contract capacity 20 kW.
 */
export const OV_NOW = new Date('2026-12-01T02:07:00Z');
export const OV_CO2 = 0.5;
export const OV_CAPACITY = 20;

const STEP = 5 * 60_000;
const OFFSET = 8 * 3_600_000;
export const local = (text: string) => Date.parse(`${text}Z`) - OFFSET;

export const SHARES = { c1: 0.5, c2: 0.25, c3: 0.025 } as const;

/** M's energy of the 5-minute step starting at local time t. */
export function meterStep(t: number): number {
  const civil = new Date(t + OFFSET).toISOString();
  const date = civil.slice(0, 10);
  if (date === '2026-11-01') return 0.5;
  if (date === '2026-11-30') return 0.25;
  return civil.slice(11, 13) === '09' && Number(civil.slice(14, 16)) < 15 ? 2 : 1;
}

/** S's exported energy of the step starting at t. */
export function solarStep(t: number): number {
  const hour = new Date(t + OFFSET).getUTCHours();
  return hour >= 8 && hour < 12 ? 0.1 : 0;
}

export interface OverviewPlant extends TestFactory {
  userId: number;
  rootId: number;
  meterM: number;
  solarS: number;
  c1: number;
  c2: number;
  c3: number;
}

function reading(nodeId: number, t: number, kw: number, fwd: number, rev: number | null) {
  const ts = new Date(t);
  return {
    nodeId,
    ts,
    phases: {},
    kw,
    kwhForward: fwd,
    kwhReverse: rev,
    frequency: 60,
    temperature: 30,
  };
}

/** Readings of M (and its circuits as shares of it) over [from, to] local. */
type Counters = Record<'m' | 'c1' | 'c2' | 'c3', number>;

/**
 * Readings of M (and its circuits as shares of it) over [from, to] local.
 * The counters carry over between calls and do not move after the last
 * reading, so a pause between ranges holds no energy.
 */
function consumerReadings(ids: Counters, counters: Counters, from: number, to: number) {
  const out: NormalizedReading[] = [];
  for (let t = from; t <= to; t += STEP) {
    const step = meterStep(t);
    const kw = step * 12;
    const last = t + STEP > to;
    out.push(reading(ids.m, t, kw, counters.m, null));
    if (!last) counters.m += step;
    for (const key of ['c1', 'c2', 'c3'] as const) {
      out.push(reading(ids[key], t, kw * SHARES[key], counters[key], null));
      if (!last) counters[key] += step * SHARES[key];
    }
  }
  return out;
}

function solarReadings(id: number, from: number, to: number, silent: [number, number]) {
  const out: NormalizedReading[] = [];
  let reverse = 50;
  for (let t = from; t <= to; t += STEP) {
    const step = solarStep(t);
    if (t <= silent[0] || t >= silent[1]) out.push(reading(id, t, -step * 12, 0, reverse));
    reverse += step;
  }
  return out;
}

export async function seedOverviewPlant(db: Db, slug = 'ov'): Promise<OverviewPlant> {
  const factory = await createFactory(db, slug, 'Asia/Taipei', OV_CO2);
  const { factoryId } = factory;
  await db.query('UPDATE factories SET contract_capacity_kw = $2 WHERE id = $1', [
    factoryId,
    OV_CAPACITY,
  ]);
  const users = await db.query<{ id: number }>('SELECT id FROM users WHERE factory_id = $1', [
    factoryId,
  ]);
  const node = (
    parentId: number | null,
    type: 'virtual' | 'smartMeter' | 'circuit',
    name: string,
    sortOrder: number,
    extra = {},
  ) =>
    createNode(db, factoryId, {
      parentId,
      type,
      name,
      chName: `${name} 中`,
      sortOrder,
      ...(type === 'virtual' ? {} : { wiring: 'value', serial: `${slug}-${name}` }),
      ...extra,
    });
  const rootId = await node(null, 'virtual', 'Supply', 0);
  const meterM = await node(rootId, 'smartMeter', 'Meter M', 0);
  const solarS = await node(rootId, 'smartMeter', 'Solar S', 1, { hasReverseKwh: true });
  const c1 = await node(meterM, 'circuit', 'C1', 0);
  const c2 = await node(meterM, 'circuit', 'C2', 1);
  const c3 = await node(meterM, 'circuit', 'C3', 2);
  const ids = { m: meterM, c1, c2, c3 };
  const counters = { m: 1000, c1: 100, c2: 100, c3: 100 };
  await storeReadings(db, factoryId, [
    ...consumerReadings(ids, counters, local('2026-11-01T00:00'), local('2026-11-01T12:00')),
    ...consumerReadings(ids, counters, local('2026-11-30T00:00'), local('2026-12-01T10:05')),
    ...solarReadings(solarS, local('2026-11-30T00:00'), local('2026-12-01T10:05'), [
      local('2026-12-01T02:00'),
      local('2026-12-01T03:00'),
    ]),
  ]);
  return { ...factory, userId: users[0]!.id, rootId, meterM, solarS, c1, c2, c3 };
}
