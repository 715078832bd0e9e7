import { describe, expect, it } from 'vitest';
import {
  capacityCost,
  cheapestCapacity,
  type AdvisorPeriod,
} from '../../src/modules/cost/calc/capacity-advisor.ts';

const terms = { penaltyTierFraction: 0.1, penaltyTier1Multiplier: 2, penaltyTier2Multiplier: 3 };
const SUMMER = 223.6;
const NON_SUMMER = 166.9;
const period = (month: string, peakKw: number | null, rate: number): AdvisorPeriod => ({
  from: `2026-${month}-15`,
  to: `2026-${month}-14`,
  peakKw,
  basicRatePerKw: rate,
  terms,
});

describe('capacityCost', () => {
  it('adds the basic charge of every period and the penalty of those over', () => {
    const periods = [period('07', 550, SUMMER), period('12', 380, NON_SUMMER)];
    const cost = capacityCost(periods, 500);
    // Basic: 500 × (223.6 + 166.9) = 195,250. July 50 kW over 500: all within 10 %, at 2×.
    expect(cost.basicCharge).toBeCloseTo(195_250, 6);
    expect(cost.penalty).toBeCloseTo(50 * 2 * SUMMER, 6); // 22,360
    expect(cost.penalised).toEqual([
      { from: '2026-07-15', to: '2026-07-14', peakKw: 550, penalty: expect.closeTo(22_360, 6) },
    ]);
    expect(cost.total).toBeCloseTo(217_610, 6);
  });
  it('skips periods without data', () => {
    expect(capacityCost([period('01', null, NON_SUMMER)], 100).penalty).toBe(0);
  });
});

describe('cheapestCapacity', () => {
  it('one period: the peak, in whole kW, costs least (a penalty kW costs 2× or 3× a basic kW)', () => {
    // 412 kW: 0.3 kW over at 2× = 0.6 r, less than the 1 r of contracting 413.
    expect(cheapestCapacity([period('07', 412.3, SUMMER)], 100)?.capacityKw).toBe(412);
    expect(cheapestCapacity([period('07', 412.6, SUMMER)], 100)?.capacityKw).toBe(413);
  });

  it('a single summer spike is cheaper to pay as a penalty than to contract all year', () => {
    // Eleven months at 400 kW, one at 600. Contracting 400 costs 12 × 400 × r + the spike's
    // penalty: 40 kW at 2× and 160 at 3× of that month's rate. Each kW above 400 costs 12 r
    // a year in basic charge but saves only 2–3 r of penalty, so 400 wins over 600.
    const periods = [
      ...['01', '02', '03', '04', '05', '06', '08', '09', '10', '11', '12'].map((m) =>
        period(m, 400, NON_SUMMER),
      ),
      period('07', 600, SUMMER),
    ];
    const best = cheapestCapacity(periods, 100)!;
    expect(best.capacityKw).toBe(400);
    expect(best.penalty).toBeCloseTo((40 * 2 + 160 * 3) * SUMMER, 6);
    expect(best.penalised.map((p) => p.peakKw)).toEqual([600]);
    expect(best.total).toBeLessThan(capacityCost(periods, 600).total);
    expect(best.total).toBeLessThan(capacityCost(periods, 399).total);
    expect(best.total).toBeLessThan(capacityCost(periods, 401).total);
  });

  it('stops at the tier boundary when a few months run high', () => {
    // Six months peak at 550, six at 300, one rate r. Between 500 (= 550 / 1.1) and 550 one
    // kW less saves 12 r of basic charge and adds 6 × 2 r of penalty: a tie, so the larger
    // capacity is kept. Below 500 it adds 6 × 3.1 r (tier 2) > 12 r: dearer.
    const periods = [
      ...['01', '02', '03', '04', '05', '06'].map((m) => period(m, 550, NON_SUMMER)),
      ...['07', '08', '09', '10', '11', '12'].map((m) => period(m, 300, NON_SUMMER)),
    ];
    const best = cheapestCapacity(periods, 100)!;
    expect(best.capacityKw).toBe(550);
    expect(best.total).toBeCloseTo(capacityCost(periods, 500).total, 6);
    expect(capacityCost(periods, 499).total).toBeGreaterThan(best.total);
  });

  it('never goes below the minimum contract, and gives null without data', () => {
    expect(cheapestCapacity([period('01', 40, NON_SUMMER)], 100)?.capacityKw).toBe(100);
    expect(cheapestCapacity([period('01', null, NON_SUMMER)], 100)).toBeNull();
    expect(cheapestCapacity([], 100)).toBeNull();
  });
});
