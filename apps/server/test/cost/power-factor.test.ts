import { describe, expect, it } from 'vitest';
import { roundMoney } from '../../src/modules/cost/calc/bill.ts';
import {
  monthlyPowerFactor,
  powerFactorAdjustment,
  powerFactorAdjustmentAmount,
  powerFactorPercent,
} from '../../src/modules/cost/calc/power-factor.ts';

describe("the month's average power factor", () => {
  it.each([
    // kWh / √(kWh² + kvarh²)
    [4000, 3000, 0.8], // 4000 / √(16e6 + 9e6) = 4000 / 5000
    [3, 4, 0.6], // 3 / 5
    [1000, 0, 1], // no reactive energy: 1000 / 1000, exactly 1
    [0, 100, null], // no kWh: nothing to average
    [0, 0, null],
    [-5, 10, null], // a month that exported more than it drew has no power factor to bill
    [1000, null, null], // kvarh not measured
    [1000, -1, null], // a counter running backwards is no figure
  ])('%d kWh, %s kvarh → %s', (kwh, kvarh, pf) => {
    expect(monthlyPowerFactor(kwh, kvarh)).toBe(pf);
  });

  it('agrees with the formula for an irregular month', () => {
    // 52,340 kWh and 17,200 kvarh: 52,340 / √(52,340² + 17,200²) = 52,340 / 55,093.7… ≈ 0.95002
    expect(monthlyPowerFactor(52_340, 17_200)).toBeCloseTo(52_340 / Math.hypot(52_340, 17_200), 12);
  });
});

describe('the power factor as a whole per cent (half up)', () => {
  it.each([
    [0.78, 78],
    [0.795, 80], // 79.5 % rounds up
    [0.7949, 79],
    [0.9449, 94], // 94.49 % rounds down
    [0.945, 95],
    [0.575, 58], // 0.575 × 100 is 57.49999999999999 in binary; still 57.5, so 58
    [1, 100],
    [0, 0],
  ])('%d → %d %%', (pf, percent) => {
    expect(powerFactorPercent(pf)).toBe(percent);
  });

  it.each([1.01, -0.1, Number.NaN])('refuses %d', (pf) => {
    expect(() => powerFactorPercent(pf)).toThrow('out of range');
  });
});

describe('the adjustment (T1 第五章 六, p.31)', () => {
  it.each([
    // (80 − min(per cent, 95)) × 0.1 %
    [0.78, 0.002], // 2 below 80: +0.2 %
    [0.8, 0], // neutral
    [0.9, -0.01], // 10 above: −1.0 %
    [0.95, -0.015], // 15 above: −1.5 %, the most
    [0.97, -0.015], // nothing for the part above 95 %
    [1, -0.015], // 100 %: still −1.5 %
    [0.5, 0.03], // 30 below: +3.0 %, no cap stated
    [0.795, 0], // rounds to 80
    [0.7949, 0.001], // rounds to 79: +0.1 %
    [0.9449, -0.014], // rounds to 94: −1.4 %
    [0.945, -0.015], // rounds to 95
  ])('power factor %d → %d', (pf, adjustment) => {
    expect(powerFactorAdjustment(pf)).toBe(adjustment);
  });

  it('is never −0', () => {
    expect(Object.is(powerFactorAdjustment(0.8), 0)).toBe(true);
  });

  it('from the kWh and kvarh: no reactive energy is 100 %, −1.5 %', () => {
    expect(powerFactorAdjustment(monthlyPowerFactor(1000, 0)!)).toBe(-0.015);
    // 4000 kWh, 3000 kvarh: 80 % → 0
    expect(powerFactorAdjustment(monthlyPowerFactor(4000, 3000)!)).toBe(0);
  });
});

describe('the amount', () => {
  it.each([
    // (66,760 + 420,312.50) × −0.015 = 487,072.50 × −0.015 = −7,306.0875 → −7,306.09
    [66_760, 420_312.5, 0.97, -7_306.09],
    // (100,000 + 300,000) × 0.002 = 800
    [100_000, 300_000, 0.78, 800],
    // (100,000 + 300,000) × 0 = 0
    [100_000, 300_000, 0.8, 0],
    // (50,000 + 150,000) × 0.03 = 6,000
    [50_000, 150_000, 0.5, 6_000],
  ])('basic %d + energy %d at %d → %d TWD', (basicCharge, energyCharge, pf, amount) => {
    const adjustment = powerFactorAdjustment(pf);
    expect(roundMoney(powerFactorAdjustmentAmount({ basicCharge, energyCharge }, adjustment))).toBe(
      amount,
    );
  });
});
