import { describe, expect, it } from 'vitest';
import { DEFAULT_TARIFF, NO_OTHER_CONTRACTS } from '@wattboard/contract';
import { pointBill, sumBills } from '../../src/modules/cost/calc/point-bill.ts';
import { NO_MAXIMA } from '../../src/modules/cost/calc/contract-capacity.ts';
import { TariffSchedule } from '../../src/modules/cost/calc/tariff-schedule.ts';

const schedule = new TariffSchedule([
  { id: 1, validFrom: '2000-01-01', definition: DEFAULT_TARIFF },
]);
const day = (date: string, cost: number) => ({
  date,
  figures: { kwh: 100, cost, period: null },
});
const tanOf = (pf: number) => Math.sqrt(1 - pf * pf) / pf;

/** December 2026 (non-summer) so far: ten days of 1,000 TWD, today half gone. */
const base = {
  schedule,
  period: { from: '2026-12-01', to: '2026-12-31' },
  today: '2026-12-10',
  todayElapsed: 0.5,
  days: [
    ...['01', '02', '03', '04', '05', '06', '07', '08', '09'].map((d) => day(`2026-12-${d}`, 1000)),
    day('2026-12-10', 500),
  ],
  basisFrom: '2026-12-03',
  contract: { regularKw: 100, others: NO_OTHER_CONTRACTS },
  peak: null,
  maxima: NO_MAXIMA,
};

describe('pointBill', () => {
  it('has no power factor without kvarh, and adds nothing for it', () => {
    const bill = pointBill({ ...base, reactive: { kwh: 1000, kvarh: null } });
    expect(bill.powerFactorPercent).toBeNull();
    expect(bill.powerFactorAdjustment).toBeNull();
    expect(bill.total).toBeCloseTo(9500 + 100 * 166.9, 6);
  });

  it('adds the power-factor adjustment on basic and energy charges, also to the projection', () => {
    const low = pointBill({ ...base, reactive: { kwh: 1000, kvarh: 1000 * tanOf(0.78) } });
    const none = pointBill({ ...base, reactive: null });
    // 78 %: +0.2 % of (16,690 basic + 9,500 energy so far).
    expect(low.powerFactorPercent).toBe(78);
    expect(low.powerFactorAdjustment).toBeCloseTo(0.002 * (16_690 + 9_500), 6);
    expect(low.total! - none.total!).toBeCloseTo(0.002 * (16_690 + 9_500), 6);
    // The projection: the projected energy (the period's, at 1,000 a day) is adjusted too.
    const projectedEnergy = none.projectedTotal! - 16_690;
    expect(low.projectedTotal! - none.projectedTotal!).toBeCloseTo(
      0.002 * (16_690 + projectedEnergy),
      6,
    );
    // 97 %: the discount stops at 95 %, −1.5 %.
    const high = pointBill({ ...base, reactive: { kwh: 1000, kvarh: 1000 * tanOf(0.97) } });
    expect(high.powerFactorAdjustment).toBeCloseTo(-0.015 * (16_690 + 9_500), 6);
    expect(sumBills([low, high]).powerFactorAdjustment).toBeCloseTo(-0.013 * (16_690 + 9_500), 6);
  });
});
