import { describe, expect, it } from 'vitest';
import {
  NO_OTHER_CONTRACTS,
  taipowerTariff,
  type TariffDefinition,
  type TaipowerKind,
} from '@wattboard/contract';
import { datesBetween } from '@wattboard/zone-time';
import {
  accountTerms,
  billTotal,
  periodCustomerCharge,
  periodIndustryCoefficient,
} from '../../src/modules/cost/calc/account-charges.ts';
import { NO_MAXIMA } from '../../src/modules/cost/calc/contract-capacity.ts';
import { periodDemandCharge } from '../../src/modules/cost/calc/period-demand.ts';
import { pointBill } from '../../src/modules/cost/calc/point-bill.ts';
import { TariffSchedule } from '../../src/modules/cost/calc/tariff-schedule.ts';

/**
 * The low-voltage tables of 2025-10-01 (T1 第四章 四, p.15–17) on the bill
 * (decision 0068): per-account charge, installed-capacity contract, flat
 * energy, industry coefficient. Every expected figure is worked by hand in
 * its comment.
 */
const table = (kind: TaipowerKind) => taipowerTariff(`${kind}@2025-10-01`)!.tariff;
const scheduleOf = (...versions: [string, TariffDefinition][]) =>
  new TariffSchedule(
    versions.map(([validFrom, definition], i) => ({ id: i + 1, validFrom, definition })),
  );
const regular = (kw: number | null) => ({ regularKw: kw, others: NO_OTHER_CONTRACTS });
const cents = (value: number) => Math.round(value * 100) / 100;
/** July 2026: low-voltage summer (6/1–9/30) all month; December: non-summer. */
const JULY = datesBetween('2026-07-01', '2026-07-31');
const DECEMBER = datesBetween('2026-12-01', '2026-12-31');

describe('low-voltage basic and over-contract charges', () => {
  it.each([
    // kind, dates, kW, peak maximum, basic (by hand), over-contract (by hand)
    // Three-stage, demand: 50 × 236.20; 56 kW = 5 at 2×, 1 at 3× the regular 236.20.
    ['lv-3stage', JULY, 50, 56, 11_810, (5 * 2 + 1 * 3) * 236.2],
    // Two-stage, demand, non-summer: 40 × 173.20; no excess.
    ['lv-2stage', DECEMBER, 40, 40, 6_928, 0],
    // Installed capacity: 30 kW × 137.50 whatever the demand; no over-contract charge.
    ['lv-2stage-installed', JULY, 30, 80, 4_125, 0],
    ['lv-flat-installed', DECEMBER, 30, 80, 4_125, 0],
    // Non-TOU, demand: 20 × 236.20; 23 kW = 2 at 2×, 1 at 3× the regular rate.
    ['lv-flat', JULY, 20, 23, 4_724, (2 * 2 + 1 * 3) * 236.2],
  ] as const)('%s: %d kW, maximum %d', (kind, dates, kw, max, basic, penalty) => {
    const charge = periodDemandCharge(
      scheduleOf(['2025-10-01', table(kind)]),
      dates,
      regular(kw),
      { ...NO_MAXIMA, peak: max },
      { kw: max, date: dates[3]! },
    )!;
    expect(cents(charge.basicCharge)).toBe(basic);
    expect(cents(charge.penalty)).toBe(cents(penalty));
  });

  it('non-TOU, non-summer: the non-summer contract is charged and widens the capacity', () => {
    const contract = { regularKw: 20, others: { ...NO_OTHER_CONTRACTS, nonSummer: 5 } };
    const schedule = scheduleOf(['2025-10-01', table('lv-flat')]);
    // 20 × 173.20 + 5 × 173.20 = 4,330; 26 kW against 25: 1 kW at 2× 173.20.
    const charge = periodDemandCharge(
      schedule,
      DECEMBER,
      contract,
      { ...NO_MAXIMA, peak: 26 },
      null,
    )!;
    expect(cents(charge.basicCharge)).toBe(4_330);
    expect(cents(charge.penalty)).toBe(346.4);
    // Summer: the non-summer kW are neither charged nor usable; 26 against 20: 2 at 2×, 4 at 3× 236.20.
    const july = periodDemandCharge(schedule, JULY, contract, { ...NO_MAXIMA, peak: 26 }, null)!;
    expect(cents(july.basicCharge)).toBe(4_724);
    expect(cents(july.penalty)).toBe(cents((2 * 2 + 4 * 3) * 236.2));
  });

  it('a period across a change to an installed contract: each day its own basis, no excess', () => {
    // 2026-07-16 onwards installed: 15 days × 50 × 236.20 / 31 + 16 days × 50 × 137.50 / 31.
    const schedule = scheduleOf(
      ['2025-10-01', table('lv-2stage')],
      ['2026-07-16', table('lv-2stage-installed')],
    );
    const charge = periodDemandCharge(
      schedule,
      JULY,
      regular(50),
      { ...NO_MAXIMA, peak: 90 },
      null,
    )!;
    expect(charge.basicCharge).toBeCloseTo((15 * 50 * 236.2 + 16 * 50 * 137.5) / 31, 9);
    expect(charge.penalty).toBe(0);
  });
});

describe('the per-account charge and the industry coefficient', () => {
  it.each([
    ['lv-3stage', 262.5],
    ['lv-2stage', 262.5],
    ['lv-2stage-installed', 105],
    ['lv-flat', 0],
    ['hv-3stage', 0],
  ] as const)('%s: %d a month', (kind, perMonth) => {
    expect(periodCustomerCharge(scheduleOf(['2025-10-01', table(kind)]), JULY)).toBeCloseTo(
      perMonth,
      9,
    );
  });

  it('is prorated by day across versions, and absent before the first', () => {
    const schedule = scheduleOf(
      ['2026-07-11', table('lv-3stage')],
      ['2026-07-21', table('lv-2stage-installed')],
    );
    // 10 days uncovered, 10 at 262.50, 11 at 105.00, each 1/31 of a month.
    expect(periodCustomerCharge(schedule, JULY)).toBeCloseTo((10 * 262.5 + 11 * 105) / 31, 9);
  });

  it('takes the coefficient of the version on the period’s last day; 1 without an industry', () => {
    const coded = { ...table('lv-2stage'), industry: { code: '261', coefficient: 1.017 } };
    expect(periodIndustryCoefficient(scheduleOf(['2025-10-01', coded]), JULY)).toBe(1.017);
    const changed = scheduleOf(['2025-10-01', coded], ['2026-07-31', table('lv-2stage')]);
    expect(periodIndustryCoefficient(changed, JULY)).toBe(1);
    expect(periodIndustryCoefficient(scheduleOf(['2026-08-01', coded]), JULY)).toBe(1);
  });

  it('multiplies the whole bill by the coefficient, the per-account charge not adjusted for power factor', () => {
    const terms = { customerCharge: 262.5, coefficient: 0.938 };
    const parts = { energy: 10_000, contractBasic: 11_810, penalty: 500, adjustment: 43.62 };
    expect(billTotal(parts, terms)).toBeCloseTo((10_000 + 11_810 + 262.5 + 500 + 43.62) * 0.938, 9);
    expect(billTotal(parts, { customerCharge: 0, coefficient: 1 })).toBeCloseTo(22_353.62, 9);
  });
});

describe('pointBill on a low-voltage table', () => {
  const day = (date: string, cost: number) => ({ date, figures: { kwh: 100, cost, period: null } });
  const bill = (definition: TariffDefinition, reactive: { kwh: number; kvarh: number } | null) =>
    pointBill({
      schedule: scheduleOf(['2025-10-01', definition]),
      period: { from: '2026-12-01', to: '2026-12-31' },
      today: '2026-12-31',
      todayElapsed: 1,
      days: DECEMBER.map((date) => day(date, 100)),
      basisFrom: '2026-12-24',
      contract: regular(40),
      peak: null,
      maxima: NO_MAXIMA,
      reactive,
    });

  it('shows the per-account charge in the basic charge and in the total, × the coefficient', () => {
    const plain = bill(table('lv-3stage'), null);
    // 31 days × 100 energy; 40 × 173.20 = 6,928 + 262.50 per account.
    expect(plain.basicCharge).toBeCloseTo(6_928 + 262.5, 9);
    expect(plain.total).toBeCloseTo(3_100 + 6_928 + 262.5, 9);
    expect(plain.projectedTotal).toBeCloseTo(plain.total!, 9);
    const coded = bill(
      { ...table('lv-3stage'), industry: { code: '081', coefficient: 0.892 } },
      null,
    );
    expect(coded.total).toBeCloseTo((3_100 + 6_928 + 262.5) * 0.892, 9);
    expect(coded.projectedTotal).toBeCloseTo(coded.total!, 9);
    expect(coded.basicCharge).toBe(plain.basicCharge);
  });

  it('adjusts for power factor without the per-account charge', () => {
    // kvarh = kWh: 70.71 %, rounded 71 %: +0.9 % of (6,928 + 3,100), not of the 262.50.
    const low = bill(table('lv-3stage'), { kwh: 1_000, kvarh: 1_000 });
    expect(low.powerFactorPercent).toBe(71);
    expect(low.powerFactorAdjustment).toBeCloseTo(0.009 * (6_928 + 3_100), 9);
    expect(accountTerms(scheduleOf(['2025-10-01', table('lv-3stage')]), DECEMBER)).toEqual({
      customerCharge: 262.5,
      coefficient: 1,
    });
  });
});
