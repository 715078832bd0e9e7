import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TARIFF,
  NO_OTHER_CONTRACTS,
  taipowerTariff,
  type TariffDefinition,
} from '@wattboard/contract';
import { datesBetween } from '@wattboard/zone-time';
import { NO_MAXIMA } from '../../src/modules/cost/calc/contract-capacity.ts';
import { pointBill, type PointBillInput } from '../../src/modules/cost/calc/point-bill.ts';
import { TariffSchedule } from '../../src/modules/cost/calc/tariff-schedule.ts';

/**
 * The Overview card's bill under the account rules (account-rules.ts): a
 * period without use so far at half the basic charge, the power factor's
 * low-voltage limits. December 2026 is non-summer at every voltage; the
 * expected figures are worked by hand in the comments.
 */
const scheduleOf = (definition: TariffDefinition) =>
  new TariffSchedule([{ id: 1, validFrom: '2000-01-01', definition }]);
const LV_3STAGE = taipowerTariff('lv-3stage@2025-10-01')!.tariff;
const day = (date: string, kwh: number, cost: number) => ({
  date,
  figures: { kwh, cost, period: null },
});
const tanOf = (pf: number) => Math.sqrt(1 - pf * pf) / pf;

/** 2026-12-08 … 2027-01-07 (31 days), today 12-10 half gone; used until 12-07, idle since. */
const input = (
  definition: TariffDefinition,
  regularKw: number,
  over: Partial<PointBillInput> = {},
): PointBillInput => ({
  schedule: scheduleOf(definition),
  period: { from: '2026-12-08', to: '2027-01-07' },
  today: '2026-12-10',
  todayElapsed: 0.5,
  days: datesBetween('2026-12-08', '2026-12-10').map((date) => day(date, 0, 0)),
  basisFrom: '2026-12-03',
  contract: { regularKw, others: NO_OTHER_CONTRACTS },
  peak: { kw: 0, date: '2026-12-08' },
  maxima: NO_MAXIMA,
  reactive: null,
  ...over,
});
const usedBefore = datesBetween('2026-12-03', '2026-12-07').map((date) => day(date, 100, 1000));

describe('pointBill: a period without use', () => {
  it.each([
    // case, tariff, kW, input, basic so far, total so far, projected total
    // 100 × 166.90 = 16,690 at half: 8,345; nothing projected, so the projection stays at half.
    ['high voltage, idle, nothing recent', DEFAULT_TARIFF, 100, {}, 8_345, 8_345, 8_345],
    // Recent days used 1,000 a day: the projection adds 1,000 × (0.5 + 28 days) = 28,500 and
    // the full 16,690.
    [
      'high voltage, idle so far, recent use',
      DEFAULT_TARIFF,
      100,
      { days: [...usedBefore, ...input(DEFAULT_TARIFF, 100).days] },
      8_345,
      8_345,
      28_500 + 16_690,
    ],
    // No block measured yet: missing data, the full basic charge.
    ['no block measured', DEFAULT_TARIFF, 100, { peak: null }, 16_690, 16_690, 16_690],
    // A block of 2 kW: used.
    [
      'a block drew',
      DEFAULT_TARIFF,
      100,
      { peak: { kw: 2, date: '2026-12-09' } },
      16_690,
      16_690,
      16_690,
    ],
    // Low voltage: (10 × 173.20 + 262.50) / 2 = 997.25, the per-account charge halved too.
    ['low voltage, idle', LV_3STAGE, 10, {}, 997.25, 997.25, 997.25],
  ] as [string, TariffDefinition, number, Partial<PointBillInput>, number, number, number][])(
    '%s',
    (_, definition, kw, over, basic, total, projected) => {
      const bill = pointBill(input(definition, kw, over));
      expect(bill.basicCharge).toBeCloseTo(basic, 9);
      expect(bill.total).toBeCloseTo(total, 9);
      expect(bill.projectedTotal).toBeCloseTo(projected, 9);
    },
  );
});

describe('pointBill: the power factor’s low-voltage limits', () => {
  // A month of use: 31 days of 100 kWh at 100 TWD, the peak block 20 kW.
  const used = {
    period: { from: '2026-12-01', to: '2026-12-31' },
    today: '2026-12-31',
    todayElapsed: 1,
    days: datesBetween('2026-12-01', '2026-12-31').map((date) => day(date, 100, 100)),
    basisFrom: '2026-12-24',
    peak: { kw: 20, date: '2026-12-02' },
    reactive: { kwh: 3_100, kvarh: 3_100 * tanOf(0.78) },
  };
  it.each([
    // tariff, kW, adjustment: +0.2 % of (basic + 3,100 energy); none below 30 kW at low voltage.
    ['high voltage, 100 kW', DEFAULT_TARIFF, 100, 0.002 * (16_690 + 3_100)],
    ['low voltage, 30 kW', LV_3STAGE, 30, 0.002 * (30 * 173.2 + 3_100)],
    ['low voltage, 29 kW', LV_3STAGE, 29, null],
  ] as [string, TariffDefinition, number, number | null][])(
    '%s',
    (_, definition, kw, adjustment) => {
      const bill = pointBill(input(definition, kw, used));
      // The power factor is shown either way: it is measured.
      expect(bill.powerFactorPercent).toBe(78);
      if (adjustment === null) expect(bill.powerFactorAdjustment).toBeNull();
      else expect(bill.powerFactorAdjustment).toBeCloseTo(adjustment, 9);
      const basic = definition === DEFAULT_TARIFF ? 16_690 : kw * 173.2 + 262.5;
      expect(bill.total).toBeCloseTo(3_100 + basic + (adjustment ?? 0), 9);
    },
  );
});
