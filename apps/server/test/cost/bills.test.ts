import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, adminBillsResponse } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { ADMIN, signInAs } from '../helpers/test-app.ts';
import { call, type Session } from '../monitor/monitor-app.ts';
import { demoRoot, startCostApp, writeQuarters, type CostTestApp } from './cost-app.ts';

const LIST = '/v1/Admin/Bill/List';
const SAVE = '/v1/Admin/Bill/Save';
const REMOVE = '/v1/Admin/Bill/Remove';
const IMPORT = '/v1/Admin/Bill/Import';
const SAVE_POINT = '/v1/Admin/BillingPoint/Save';

const NOW = new Date('2026-12-10T02:07:00Z');
const taipei = (local: string) => Date.parse(`${local}+08:00`);

// November 2026, non-summer, no off-peak day: 21 working days, 4 Saturdays, 5 Sundays.
const OFF = 2.32;
const HALF = 5.47;
const SATURDAY_HALF = 2.41;
const WEEKDAY = 36 * OFF + 60 * HALF;
const SATURDAY = 36 * OFF + 60 * SATURDAY_HALF;
const SUNDAY = 96 * OFF;
const ENERGY = 21 * WEEKDAY + 4 * SATURDAY + 5 * SUNDAY; // 10,154.64
const BASIC = 800 * 166.9; // 133,520
const PENALTY = 50 * 2 * 166.9; // 850 kW on 800: 16,690
const cents = (v: number) => Math.round(v * 100) / 100;

describe.each(backends)('Admin › Bills on %s', (backend) => {
  let t: CostTestApp;
  let admin: Session;
  let rootId: number;

  beforeAll(async () => {
    t = await startCostApp(backend, NOW);
    const demo = await demoRoot(t.db);
    rootId = demo.rootId;
    await writeQuarters(
      t.db,
      demo.factoryId,
      rootId,
      taipei('2026-11-01T00:00:00'),
      taipei('2026-12-01T00:00:00'),
      (s) => ({
        kwh: 1,
        kw: s === taipei('2026-11-18T15:00:00') ? 850 : 400,
      }),
    );
    const a = await signInAs(t.app, ADMIN);
    admin = { email: a.email, token: a.token };
    await call(t.app, admin, SAVE_POINT, {
      nodeId: rootId,
      contractCapacityKw: 800,
      meterReadingDay: 1,
      accountNumber: '01-2345-6789-0',
    });
  });
  afterAll(() => t.close());

  it('puts our bill beside the one entered, line by line, with the difference', async () => {
    const entered = {
      nodeId: rootId,
      periodFrom: '2026-11-01',
      periodTo: '2026-11-30',
      kwhPeak: 0,
      kwhHalfPeak: '1,260',
      kwhSaturdayHalfPeak: 240,
      kwhOffPeak: 1380,
      maxDemandKw: 850,
      basicCharge: BASIC,
      energyCharge: cents(ENERGY),
      penalty: PENALTY,
      total: '160,400.00',
    };
    const body = adminBillsResponse.parse((await call(t.app, admin, SAVE, entered)).json());
    expect(body.bills).toHaveLength(1);
    const [bill] = body.bills;
    expect(bill!.entered).toMatchObject({
      kwhHalfPeak: 1260,
      powerFactorPercent: null,
      total: 160_400,
    });
    expect(bill!.ours).toEqual({
      kwhPeak: 0,
      kwhHalfPeak: 1260,
      kwhSaturdayHalfPeak: 240,
      kwhOffPeak: 1380,
      maxDemandKw: 850,
      powerFactorPercent: null,
      basicCharge: BASIC,
      energyCharge: cents(ENERGY),
      penalty: cents(PENALTY),
      powerFactorAdjustment: null,
      total: cents(ENERGY + BASIC + PENALTY), // 160,364.64
    });
    expect(bill!.difference).toBeCloseTo(ENERGY + BASIC + PENALTY - 160_400, 2); // −35.36
    expect(bill!.differencePercent).toBeCloseTo(
      ((ENERGY + BASIC + PENALTY - 160_400) / 160_400) * 100,
      3,
    );
    // A time-of-use tariff: the kWh lines are the time-of-use ones.
    expect(bill!.allDay).toBe(false);
    expect(bill).toMatchObject({ accountNumber: '01-2345-6789-0', name: expect.any(String) });

    // The same point and first day replaces it.
    const again = adminBillsResponse.parse(
      (
        await call(t.app, admin, SAVE, { ...entered, total: cents(ENERGY + BASIC + PENALTY) })
      ).json(),
    );
    expect(again.bills).toHaveLength(1);
    expect(again.bills[0]!.difference).toBe(0);
  });

  it('refuses bad figures naming the field, a point that is not billed, and an unknown bill', async () => {
    const base = { nodeId: rootId, periodFrom: '2026-11-01', periodTo: '2026-11-30', total: 1 };
    const bad = await call(t.app, admin, SAVE, { ...base, penalty: 'lots' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('penalty: Expected a number');
    const backwards = await call(t.app, admin, SAVE, { ...base, periodTo: '2026-10-01' });
    expect(backwards.json().message).toMatch(/periodTo: periodTo must not be before periodFrom/);
    const pf = await call(t.app, admin, SAVE, { ...base, powerFactorPercent: 101 });
    expect(pf.json().message).toMatch(/powerFactorPercent must be at most 100/);
    const [child] = await t.db.query<{ id: number }>(
      'SELECT id FROM nodes WHERE parent_id = $1 LIMIT 1',
      [rootId],
    );
    expect((await call(t.app, admin, SAVE, { ...base, nodeId: child!.id })).json()).toMatchObject({
      statusCode: 201,
      message: ADMIN_MESSAGES.notBillingPoint,
    });
    expect((await call(t.app, admin, REMOVE, { billId: 999_999 })).json().statusCode).toBe(1011);
  });

  it('imports bills from CSV by account number, all rows or none', async () => {
    const header = 'periodTo,periodFrom,accountNumber,kwhOffPeak,total';
    const good = `\uFEFF${header}\n2026-10-31,2026-10-01,0123456789-0,"1,000",123.45\n2026-09-30,2026-09-01,01 2345 6789 0,,99\n`;
    const unknownAccount = `${header}\n2026-10-31,2026-10-01,999,1,1\n`;
    const badRow = `${header}\n2026-10-31,2026-10-01,01-2345-6789-0,1,1\n2026-09-30,2026-09-01,01-2345-6789-0,x,1\n`;
    const missing = 'accountNumber,periodFrom,periodTo\n01-2345-6789-0,2026-10-01,2026-10-31\n';
    const extra = `${header},comment\n2026-10-31,2026-10-01,01-2345-6789-0,1,1,hi\n`;
    expect((await call(t.app, admin, IMPORT, { csv: unknownAccount })).json().message).toBe(
      'row 2, accountNumber: no billing point has the account 999',
    );
    expect((await call(t.app, admin, IMPORT, { csv: badRow })).json().message).toBe(
      'row 3, kwhOffPeak: Expected a number',
    );
    expect((await call(t.app, admin, IMPORT, { csv: missing })).json().message).toBe(
      'csv: the column total is missing',
    );
    expect((await call(t.app, admin, IMPORT, { csv: extra })).json().message).toBe(
      'csv: unknown column comment',
    );
    // Nothing of the refused files was saved.
    expect(
      adminBillsResponse.parse((await call(t.app, admin, LIST, {})).json()).bills,
    ).toHaveLength(1);

    const imported = (await call(t.app, admin, IMPORT, { csv: good })).json();
    expect(imported.imported).toBe(2);
    const bills = adminBillsResponse.parse(imported).bills;
    expect(bills.map((b) => [b.periodFrom, b.entered.total, b.entered.kwhOffPeak])).toEqual([
      ['2026-11-01', cents(ENERGY + BASIC + PENALTY), 1380],
      ['2026-10-01', 123.45, 1000],
      ['2026-09-01', 99, null],
    ]);
    // October has no data: ours is 0 kWh, the basic charge, and no penalty.
    expect(bills[1]!.ours).toMatchObject({ kwhOffPeak: 0, maxDemandKw: null, penalty: 0 });
    const removed = adminBillsResponse.parse(
      (await call(t.app, admin, REMOVE, { billId: bills[2]!.id })).json(),
    );
    expect(removed.bills).toHaveLength(2);
    const audit = await t.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action LIKE 'bill.%' ORDER BY id",
    );
    expect(audit.map((r) => r.action)).toEqual([
      'bill.add',
      'bill.replace',
      'bill.add',
      'bill.add',
      'bill.remove',
    ]);
  });
});
