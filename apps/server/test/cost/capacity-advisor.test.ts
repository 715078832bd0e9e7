import { describe, expect, it } from 'vitest';
import { DEFAULT_TARIFF, NO_OTHER_CONTRACTS, type OtherContracts } from '@wattboard/contract';
import { datesBetween } from '@wattboard/zone-time';
import {
  capacityCost,
  cheapestCapacity,
  contractBreakpoints,
  type AdvisorPeriod,
} from '../../src/modules/cost/calc/capacity-advisor.ts';
import { NO_MAXIMA, type PeriodMaxima } from '../../src/modules/cost/calc/contract-capacity.ts';
import { periodDemandCharge } from '../../src/modules/cost/calc/period-demand.ts';
import { usableBeyondRegular } from '../../src/modules/cost/calc/usable-capacity.ts';
import { TariffSchedule } from '../../src/modules/cost/calc/tariff-schedule.ts';

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
    // Low voltage's minimum, 1 kW (account-rules.ts): a 40 kW month asks 40 kW; 0.4 kW asks 1.
    expect(cheapestCapacity([period('01', 40, NON_SUMMER)], 1)?.capacityKw).toBe(40);
    expect(cheapestCapacity([period('01', 0.4, NON_SUMMER)], 1)?.capacityKw).toBe(1);
    expect(cheapestCapacity([period('01', null, NON_SUMMER)], 100)).toBeNull();
    expect(cheapestCapacity([], 100)).toBeNull();
  });
});

describe('cheapestCapacity with every contract type', () => {
  const schedule = new TariffSchedule([
    { id: 1, validFrom: '2000-01-01', definition: DEFAULT_TARIFF },
  ]);
  /** A month priced by period-demand.ts, as advisor-periods.ts builds it. */
  const priced = (month: string, maxima: PeriodMaxima, others: OtherContracts): AdvisorPeriod => {
    const [year, m] = month.split('-').map(Number);
    const last = new Date(Date.UTC(year!, m!, 0)).getUTCDate();
    const dates = datesBetween(`${month}-01`, `${month}-${last}`);
    const beyond = usableBeyondRegular(schedule, dates, others)!;
    const known = Object.values(maxima).filter((kw): kw is number => kw !== null);
    return {
      from: dates[0]!,
      to: dates.at(-1)!,
      peakKw: Math.max(...known),
      basicRatePerKw: 0,
      terms,
      demandCharge: (regularKw) => {
        const charge = periodDemandCharge(schedule, dates, { regularKw, others }, maxima, null)!;
        return { basicCharge: charge.basicCharge, penalty: charge.penalty };
      },
      breakpoints: contractBreakpoints(maxima, beyond, 0.1, others),
    };
  };
  const bruteForce = (periods: AdvisorPeriod[]) => {
    let best = capacityCost(periods, 100);
    for (let kw = 101; kw <= 1500; kw++) {
      const cost = capacityCost(periods, kw);
      if (cost.total <= best.total + 1e-9) best = cost;
    }
    return best;
  };

  it('finds the same capacity as trying every whole kW', () => {
    const others = { ...NO_OTHER_CONTRACTS, halfPeak: 80, offPeak: 300 };
    const periods = [
      priced('2026-07', { peak: 520, halfPeak: 640, saturdayHalfPeak: 300, offPeak: 910 }, others),
      priced('2026-08', { peak: 450, halfPeak: 700, saturdayHalfPeak: 380, offPeak: 600 }, others),
      priced('2026-12', { peak: null, halfPeak: 480, saturdayHalfPeak: 660, offPeak: 990 }, others),
      priced('2027-01', { peak: null, halfPeak: 430, saturdayHalfPeak: 410, offPeak: 500 }, others),
    ];
    const best = cheapestCapacity(periods, 100)!;
    const expected = bruteForce(periods);
    expect(best.total).toBeCloseTo(expected.total, 6);
    expect(best.capacityKw).toBe(expected.capacityKw);
  });

  it('prices a regular-only contract exceeded at night at the off-peak rate', () => {
    const periods = [
      priced('2026-07', { ...NO_MAXIMA, peak: 400, offPeak: 700 }, NO_OTHER_CONTRACTS),
    ];
    const cost = capacityCost(periods, 400);
    // 300 kW over at night: 40 at 2× and 260 at 3× of the off-peak rate 44.70.
    expect(cost.penalty).toBeCloseTo((40 * 2 + 260 * 3) * 44.7, 6);
    expect(cheapestCapacity(periods, 100)!.total).toBeCloseTo(bruteForce(periods).total, 6);
  });
});
