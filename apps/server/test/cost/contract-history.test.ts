import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminBillingPointsResponse,
  adminBillsResponse,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { ADMIN, signInAs } from '../helpers/test-app.ts';
import { call, createNode, type Session } from '../monitor/monitor-app.ts';
import { recordMainCapacityChange } from '../../src/modules/billing/index.ts';
import { demoRoot, startCostApp, writeQuarters, type CostTestApp } from './cost-app.ts';

const SAVE_POINT = '/v1/Admin/BillingPoint/Save';
const LIST_POINTS = '/v1/Admin/BillingPoint/List';
const SAVE_BILL = '/v1/Admin/Bill/Save';
const LIST_BILLS = '/v1/Admin/Bill/List';

/** Thu 2026-12-10 10:07 in Taipei: today's billing period (reading day 1) began 2026-12-01. */
const NOW = new Date('2026-12-10T02:07:00Z');
const taipei = (local: string) => Date.parse(`${local}+08:00`);
const BASIC = 166.9; // regular contract, non-summer, TWD per kW a month (2025-10-01 table)
const cents = (value: number) => Math.round(value * 100) / 100;

describe.each(backends)('contract terms by date (decision 0081) on %s', (backend) => {
  let t: CostTestApp;
  let admin: Session;
  let factoryId: number;
  let rootId: number;
  let spare: number;

  const bills = async () =>
    adminBillsResponse.parse((await call(t.app, admin, LIST_BILLS, {})).json()).bills;
  const billOf = async (nodeId: number, periodFrom: string) =>
    (await bills()).find((bill) => bill.nodeId === nodeId && bill.periodFrom === periodFrom)!;
  const points = async () =>
    adminBillingPointsResponse.parse((await call(t.app, admin, LIST_POINTS, {})).json())
      .billingPoints;
  const savePoint = (nodeId: number, contractCapacityKw: number, appliesFrom?: string) =>
    call(t.app, admin, SAVE_POINT, {
      nodeId,
      contractCapacityKw,
      meterReadingDay: 1,
      ...(appliesFrom ? { appliesFrom } : {}),
    });
  const enterBill = (nodeId: number, periodFrom: string, periodTo: string) =>
    call(t.app, admin, SAVE_BILL, { nodeId, periodFrom, periodTo, total: 1 });

  beforeAll(async () => {
    t = await startCostApp(backend, NOW);
    ({ factoryId, rootId } = await demoRoot(t.db));
    // October and November at 400 kW, with one 850 kW block on 2026-11-18.
    await writeQuarters(
      t.db,
      factoryId,
      rootId,
      taipei('2026-10-16T00:00:00'),
      taipei('2026-12-01T00:00:00'),
      (s) => ({
        kwh: 1,
        kw: s === taipei('2026-11-18T15:00:00') ? 850 : 400,
      }),
    );
    // A further supply that drew nothing in November: a month without use.
    spare = await createNode(t.db, factoryId, {
      parentId: null,
      type: 'virtual',
      chName: '備用電源',
      name: 'Spare supply',
      sortOrder: 200,
    });
    await writeQuarters(
      t.db,
      factoryId,
      spare,
      taipei('2026-11-01T00:00:00'),
      taipei('2026-12-01T00:00:00'),
      () => ({
        kwh: 0,
        kw: 0,
      }),
    );
    const a = await signInAs(t.app, ADMIN);
    admin = { email: a.email, token: a.token };
    // A first entry (no contract before) holds for the whole history.
    expect((await savePoint(rootId, 800)).json().statusCode).toBe(200);
    expect((await savePoint(spare, 100)).json().statusCode).toBe(200);
    for (const nodeId of [rootId, spare]) {
      expect((await enterBill(nodeId, '2026-11-01', '2026-11-30')).json().statusCode).toBe(200);
    }
    expect((await enterBill(rootId, '2026-10-16', '2026-10-31')).json().statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('prices every period with the first terms entered, and keeps no history for them', async () => {
    expect((await points()).find((p) => p.nodeId === rootId)!.contractHistory).toEqual([]);
    const november = await billOf(rootId, '2026-11-01');
    expect(november.ours.basicCharge).toBe(cents(800 * BASIC));
    expect(november.ours.penalty).toBe(cents(50 * 2 * BASIC)); // 850 on 800: within 10 %, 2×
  });

  it('keeps the bills before a change as they were billed', async () => {
    const octoberBefore = (await billOf(rootId, '2026-10-16')).ours;
    const answer = await savePoint(rootId, 900, '2026-11-01');
    expect(answer.json().statusCode).toBe(200);
    const main = (await points()).find((p) => p.nodeId === rootId)!;
    expect(main.contractCapacityKw).toBe(900);
    expect(main.contractHistory.map((v) => [v.validFrom, v.contractCapacityKw])).toEqual([
      ['2000-01-01', 800],
      ['2026-11-01', 900],
    ]);
    expect((await billOf(rootId, '2026-10-16')).ours).toEqual(octoberBefore);
    const november = await billOf(rootId, '2026-11-01');
    expect(november.ours.basicCharge).toBe(cents(900 * BASIC));
    expect(november.ours.penalty).toBe(0);
  });

  it('refuses a day that is not a reading day or lies after today’s period, writing nothing', async () => {
    const before = await points();
    const notReadingDay = (await savePoint(rootId, 1000, '2026-11-20')).json();
    expect(notReadingDay).toMatchObject({
      statusCode: 201,
      message: ADMIN_MESSAGES.contractChangeNotReadingDay,
    });
    const future = (await savePoint(rootId, 1000, '2027-01-01')).json();
    expect(future).toMatchObject({ statusCode: 201, message: ADMIN_MESSAGES.contractChangeFuture });
    expect(await points()).toEqual(before);
  });

  it('applies a change without a date from today’s period: November keeps 900 kW', async () => {
    expect((await savePoint(rootId, 1000)).json().statusCode).toBe(200);
    const main = (await points()).find((p) => p.nodeId === rootId)!;
    expect(main.contractHistory.map((v) => [v.validFrom, v.contractCapacityKw])).toEqual([
      ['2000-01-01', 800],
      ['2026-11-01', 900],
      ['2026-12-01', 1000],
    ]);
    expect((await billOf(rootId, '2026-11-01')).ours.basicCharge).toBe(cents(900 * BASIC));
  });

  it('records the factory settings’ capacity as the main point’s from today’s period', async () => {
    await t.db.transaction((tx) => recordMainCapacityChange(tx, factoryId, 1200, '2026-12-10'));
    await t.db.query('UPDATE factories SET contract_capacity_kw = 1200 WHERE id = $1', [factoryId]);
    const main = (await points()).find((p) => p.nodeId === rootId)!;
    expect(main.contractHistory.at(-1)).toMatchObject({
      validFrom: '2026-12-01',
      contractCapacityKw: 1200,
    });
    expect((await billOf(rootId, '2026-11-01')).ours.basicCharge).toBe(cents(900 * BASIC));
    // The same capacity again changes nothing.
    await t.db.transaction((tx) => recordMainCapacityChange(tx, factoryId, 1200, '2026-12-10'));
    expect((await points()).find((p) => p.nodeId === rootId)!.contractHistory).toHaveLength(3);
  });

  it('bills a month without use at half the basic charge (T1 第五章 五(二))', async () => {
    const november = await billOf(spare, '2026-11-01');
    expect(november.ours.maxDemandKw).toBe(0);
    expect(november.ours.basicCharge).toBe(cents(0.5 * 100 * BASIC));
    expect(november.ours.total).toBe(cents(0.5 * 100 * BASIC));
  });

  it('forgets a removed point’s dated terms', async () => {
    await savePoint(spare, 150, '2026-11-01');
    expect((await points()).find((p) => p.nodeId === spare)!.contractHistory).toHaveLength(2);
    await call(t.app, admin, '/v1/Admin/BillingPoint/Remove', { nodeId: spare });
    const rows = await t.db.query(
      'SELECT 1 FROM contract_term_versions WHERE factory_id = $1 AND point_node_id = $2',
      [factoryId, spare],
    );
    expect(rows).toHaveLength(0);
  });
});
