import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBillingPointAdviceResponse, DEFAULT_TARIFF } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { ADMIN, signInAs } from '../helpers/test-app.ts';
import { call, createNode, type Session } from '../monitor/monitor-app.ts';
import {
  demoRoot,
  startCostApp,
  TARIFF_UPDATE,
  writeQuarters,
  type CostTestApp,
} from './cost-app.ts';

const SAVE = '/v1/Admin/BillingPoint/Save';
const ADVICE = '/v1/Admin/BillingPoint/Advice';
/** Thu 2026-12-10 10:07 in Taipei: the advice looks at December 2025 … November 2026. */
const NOW = new Date('2026-12-10T02:07:00Z');
const taipei = (local: string) => Date.parse(`${local}+08:00`);
const MONTHS = [
  '2025-12',
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((m) => `2026-${String(m).padStart(2, '0')}`),
];

/** The month's second Wednesday: a working day, never one of the default's off-peak days. */
function wednesday(month: string): string {
  const date = new Date(`${month}-08T00:00:00Z`);
  while (date.getUTCDay() !== 3) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

// The default's rates by month, TWD/kW·month: regular and Saturday/off-peak, May and October
// prorated by day (summer 16 May … 15 October).
const byMonth = (summer: number, nonSummer: number) =>
  6 * nonSummer +
  4 * summer +
  (15 * nonSummer + 16 * summer) / 31 +
  (15 * summer + 16 * nonSummer) / 31;
const REGULAR = byMonth(223.6, 166.9);
const NIGHT = byMonth(44.7, 33.3);

describe.each(backends)('advice over every contract type on %s', (backend) => {
  let t: CostTestApp;
  let admin: Session;
  let line: number;

  beforeAll(async () => {
    t = await startCostApp(backend, NOW);
    const { factoryId } = await demoRoot(t.db);
    admin = await signInAs(t.app, ADMIN);
    line = await createNode(t.db, factoryId, {
      parentId: null,
      type: 'smartMeter',
      chName: '三廠進線',
      name: 'Plant 3 supply',
      wiring: 'a,b,c',
      serial: 'ADV-PLANT3',
      sortOrder: 103,
    });
    // Every month: 300 kW at 17:00 on a Wednesday (summer peak, non-summer half-peak) and 600 kW
    // at 02:00 (off-peak). The data begins on the first period's first day, so all 12 count.
    const start = taipei('2025-12-01T00:00:00');
    await writeQuarters(t.db, factoryId, line, start, start + 900_000, () => ({ kwh: 1, kw: 100 }));
    for (const month of MONTHS) {
      const day = wednesday(month);
      for (const [time, kw] of [
        ['17:00', 300],
        ['02:00', 600],
      ] as const) {
        const at = taipei(`${day}T${time}:00`);
        await writeQuarters(t.db, factoryId, line, at, at + 900_000, () => ({ kwh: 1, kw }));
      }
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const advice = async () =>
    adminBillingPointAdviceResponse.parse(
      (await call(t.app, admin, ADVICE, { nodeId: line })).json(),
    );

  it('proposes Saturday half-peak kW for the nights beside the regular contract', async () => {
    await call(t.app, admin, SAVE, { nodeId: line, contractCapacityKw: 500, meterReadingDay: 1 });
    const body = await advice();
    expect(body.periods).toHaveLength(12);
    expect(body.contractTypes).toEqual(['regular', 'halfPeak', 'saturdayHalfPeak', 'offPeak']);
    // 500 kW regular: each night 100 kW over at the off-peak rate, 50 at 2× and 50 at 3×.
    expect(body.current).toMatchObject({
      capacityKw: 500,
      penalty: expect.closeTo(250 * NIGHT, 2),
    });
    expect(body.current!.otherContractsKw).toEqual({
      halfPeak: 0,
      nonSummer: 0,
      saturdayHalfPeak: 0,
      offPeak: 0,
    });
    // Regular alone (unchanged meaning): 300 kW, each night 300 over: 30 at 2×, 270 at 3×.
    expect(body.best).toMatchObject({ capacityKw: 300, penalty: expect.closeTo(870 * NIGHT, 2) });
    expect(body.best!.penalised).toHaveLength(12);
    // Every type: regular 300 and 300 Saturday half-peak kW, the first 150 free (half the
    // weekday contract), so 150 charged at the Saturday/off-peak rate; never exceeded.
    const combination = body.bestCombination!;
    expect(combination.capacityKw).toBe(300);
    expect(combination.otherContractsKw).toEqual({
      halfPeak: 0,
      nonSummer: 0,
      saturdayHalfPeak: 300,
      offPeak: 0,
    });
    expect(combination.penalty).toBe(0);
    expect(combination.penalised).toEqual([]);
    expect(combination.total).toBeCloseTo(300 * REGULAR + 150 * NIGHT, 2);
    expect(body.combinationYearlySaving).toBeCloseTo(
      500 * REGULAR + 250 * NIGHT - (300 * REGULAR + 150 * NIGHT),
      1,
    );
    expect(body.combinationYearlySaving!).toBeGreaterThan(body.yearlySaving!);
  });

  it('keeps the point’s own other types in current and best, and prices them', async () => {
    const others = { halfPeak: 0, nonSummer: 0, saturdayHalfPeak: 300, offPeak: 0 };
    await call(t.app, admin, SAVE, {
      nodeId: line,
      contractCapacityKw: 300,
      otherContractsKw: others,
      meterReadingDay: 1,
    });
    const body = await advice();
    // The contract is already the cheapest: no saving, the same combination proposed.
    expect(body.current!.otherContractsKw).toEqual(others);
    expect(body.current!.total).toBeCloseTo(300 * REGULAR + 150 * NIGHT, 2);
    expect(body.bestCombination!.otherContractsKw).toEqual(others);
    expect(body.combinationYearlySaving).toBe(0);
    expect(body.best!.otherContractsKw).toEqual(others);
  });

  it('a tariff without contract-type rates: regular only, the other types 0', async () => {
    // A tariff typed in before the contract types: every block against regular, at its rate.
    const legacy = { ...structuredClone(DEFAULT_TARIFF), contractBasicRates: null };
    const saved = await call(t.app, admin, TARIFF_UPDATE, {
      validFrom: '2025-01-01',
      tariff: legacy,
    });
    expect(saved.statusCode).toBe(200);
    const body = await advice();
    expect(body.contractTypes).toEqual(['regular']);
    // Each month's 600 kW night block is over a regular contract at 2× or 3× its rate: 600 kW.
    expect(body.best).toMatchObject({ capacityKw: 600, penalty: 0 });
    expect(body.bestCombination).toMatchObject({
      capacityKw: 600,
      otherContractsKw: { halfPeak: 0, nonSummer: 0, saturdayHalfPeak: 0, offPeak: 0 },
      total: body.best!.total,
    });
  });
});
