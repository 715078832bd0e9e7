import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBillsResponse } from '@wattboard/contract';
import type { Db } from '../../src/platform/db/db.ts';
import { backends } from '../helpers/backends.ts';
import { ADMIN, signInAs } from '../helpers/test-app.ts';
import { call, createNode, type Session } from '../monitor/monitor-app.ts';
import { demoRoot, startCostApp, type CostTestApp } from './cost-app.ts';

/**
 * The reference bill (issue #24, docs/cost.md): one billing period of a
 * factory with two Taipower accounts, priced by hand below and required of
 * our bill to the cent. Meter-reading day the 15th: 2026-11-15 … 12-14, all
 * non-summer (2025-10-01 table), no off-peak day: 21 working days, 4
 * Saturdays, 5 Sundays.
 * - Plant (main point, 500 kW): 25 kWh every quarter hour, one block of 560 kW
 *   (140 kWh) on Wed 11-18 15:00, power factor 78 %.
 * - Office (200 kW): 10 kWh every quarter hour, with solar behind the meter
 *   sending back 4 kWh a quarter 10:00–14:00; power factor 97 %.
 */
const NOW = new Date('2026-12-20T04:00:00Z');
const taipei = (local: string) => Date.parse(`${local}+08:00`);
const FROM = taipei('2026-11-15T00:00:00');
const TO = taipei('2026-12-15T00:00:00');
const SPIKE = taipei('2026-11-18T15:00:00');
const quarterOfDay = (t: number) => Math.floor(((t + 8 * 3_600_000) % 86_400_000) / 900_000);
const tanOf = (pf: number) => Math.sqrt(1 - pf * pf) / pf;

async function writePoint(
  db: Db,
  factoryId: number,
  nodeId: number,
  figures: (start: number) => { forward: number; reverse: number; kvarh: number },
) {
  const rows: [string, number, number, number, number][] = [];
  for (let t = FROM; t < TO; t += 900_000) {
    const f = figures(t);
    rows.push([
      new Date(t).toISOString(),
      f.forward,
      f.reverse,
      f.kvarh,
      Math.max(0, f.forward - f.reverse) * 4,
    ]);
  }
  await db.query(
    `INSERT INTO rollups_15m (factory_id, node_id, bucket_start, kwh_forward, kwh_reverse, kvarh_lagging, avg_kw, samples)
     SELECT $1, $2, s, f, r, q, k, 15
       FROM unnest($3::timestamptz[], $4::float8[], $5::float8[], $6::float8[], $7::float8[]) AS u (s, f, r, q, k)`,
    [factoryId, nodeId, ...[0, 1, 2, 3, 4].map((i) => rows.map((row) => row[i]))],
  );
}

// The hand-priced bills, each line's arithmetic beside it (rates TWD/kWh, TWD/kW·month).
const PLANT = {
  kwhPeak: 0,
  kwhHalfPeak: 31_615, // 21 days × 60 quarters × 25 + the spike's extra 115
  kwhSaturdayHalfPeak: 6_000, // 4 × 60 × 25
  kwhOffPeak: 34_500, // (21 × 36 + 4 × 36 + 5 × 96) × 25
  maxDemandKw: 560,
  powerFactorPercent: 78,
  basicCharge: 83_450, // 500 × 166.90
  energyCharge: 267_434.05, // 31,615 × 5.47 + 6,000 × 2.41 + 34,500 × 2.32
  penalty: 21_697, // 60 kW over: 50 at 2×, 10 at 3× → 130 × 166.90
  powerFactorAdjustment: 701.77, // +0.2 % × (83,450 + 267,434.05)
  total: 373_282.82,
};
const OFFICE = {
  kwhPeak: 0,
  kwhHalfPeak: 12_264, // 21 × (56 × 10 + 4 × 6): solar nets 10:00–11:00
  kwhSaturdayHalfPeak: 2_336, // 4 × 584
  kwhOffPeak: 12_280, // 25 × (24 × 10 + 12 × 6) + 5 × (80 × 10 + 16 × 6)
  maxDemandKw: 40,
  powerFactorPercent: 97,
  basicCharge: 33_380, // 200 × 166.90
  energyCharge: 101_203.44, // 12,264 × 5.47 + 2,336 × 2.41 + 12,280 × 2.32
  penalty: 0,
  powerFactorAdjustment: -2_018.75, // −1.5 % × (33,380 + 101,203.44), no discount above 95 %
  total: 132_564.69,
};

describe.each(backends)('the reference bill on %s', (backend) => {
  let t: CostTestApp;
  let admin: Session;
  let plant: number;
  let office: number;

  beforeAll(async () => {
    t = await startCostApp(backend, NOW);
    const demo = await demoRoot(t.db);
    plant = demo.rootId;
    office = await createNode(t.db, demo.factoryId, {
      parentId: null,
      type: 'smartMeter',
      chName: '辦公大樓',
      name: 'Office building',
      wiring: 'a,b,c',
      serial: 'REF-OFFICE',
      sortOrder: 100,
    });
    await writePoint(t.db, demo.factoryId, plant, (s) => {
      const forward = s === SPIKE ? 140 : 25;
      return { forward, reverse: 0, kvarh: forward * tanOf(0.78) };
    });
    await writePoint(t.db, demo.factoryId, office, (s) => {
      const q = quarterOfDay(s);
      return { forward: 10, reverse: q >= 40 && q < 56 ? 4 : 0, kvarh: 10 * tanOf(0.97) };
    });
    const a = await signInAs(t.app, ADMIN);
    admin = { email: a.email, token: a.token };
    const points = '/v1/Admin/BillingPoint/Save';
    await call(t.app, admin, points, {
      nodeId: plant,
      contractCapacityKw: 500,
      meterReadingDay: 15,
      // The demo's main point had 800 kW; the reference period is billed on 500 (decision 0081).
      appliesFrom: '2026-11-15',
    });
    await call(t.app, admin, points, {
      nodeId: office,
      contractCapacityKw: 200,
      meterReadingDay: 15,
    });
  });
  afterAll(() => t.close());

  it('prices both accounts line by line to the cent of the hand-priced bills', async () => {
    const period = { periodFrom: '2026-11-15', periodTo: '2026-12-14' };
    await call(t.app, admin, '/v1/Admin/Bill/Save', { nodeId: plant, ...period, ...PLANT });
    const body = adminBillsResponse.parse(
      (
        await call(t.app, admin, '/v1/Admin/Bill/Save', { nodeId: office, ...period, ...OFFICE })
      ).json(),
    );
    const byNode = new Map(body.bills.map((bill) => [bill.nodeId, bill]));
    expect(byNode.get(plant)!.ours).toEqual(PLANT);
    expect(byNode.get(office)!.ours).toEqual(OFFICE);
    expect(byNode.get(plant)!.difference).toBe(0);
    expect(byNode.get(office)!.difference).toBe(0);
    // The factory pays the sum of its accounts.
    expect(PLANT.total + OFFICE.total).toBeCloseTo(505_847.51, 2);
  });
});
