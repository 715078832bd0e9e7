import { describe, expect, it } from 'vitest';
import { DEFAULT_TARIFF } from '@wattboard/contract';
import { datesBetween } from '@wattboard/zone-time';
import {
  monthDemandCharge,
  overContractPenalty,
  roundMoney,
} from '../../src/modules/cost/calc/bill.ts';
import {
  contractCapacityProblem,
  monthBasicCharge,
  overContractCharge,
  overContractExcess,
  type BasicRates,
  type ContractCapacities,
  type PeriodMaxima,
} from '../../src/modules/cost/calc/contract-capacity.ts';
import { TariffSchedule } from '../../src/modules/cost/calc/tariff-schedule.ts';

// Taipower's 2025-10-01 basic rates, TWD per kW·month (docs/cost-taipower-tables.md).
// High-voltage three-stage, T1 p.27; no non-summer contract type.
const HV3_SUMMER: BasicRates = {
  regular: 223.6,
  halfPeak: 166.9,
  nonSummer: null,
  saturdayHalfPeak: 44.7,
  offPeak: 44.7,
};
const HV3_NON_SUMMER: BasicRates = {
  regular: 166.9,
  halfPeak: 166.9,
  nonSummer: null,
  saturdayHalfPeak: 33.3,
  offPeak: 33.3,
};
// High-voltage two-stage, T1 p.26; no half-peak type, non-summer contract "—" in summer.
const HV2_SUMMER: BasicRates = {
  regular: 223.6,
  halfPeak: null,
  nonSummer: null,
  saturdayHalfPeak: 44.7,
  offPeak: 44.7,
};
const HV2_NON_SUMMER: BasicRates = {
  regular: 166.9,
  halfPeak: null,
  nonSummer: 166.9,
  saturdayHalfPeak: 33.3,
  offPeak: 33.3,
};
// T1 p.33: up to 10 % of the contract capacity at 2×, beyond at 3×.
const TERMS = { penaltyTierFraction: 0.1, penaltyTier1Multiplier: 2, penaltyTier2Multiplier: 3 };

const contract = (kw: Partial<ContractCapacities>): ContractCapacities => ({
  regular: 0,
  halfPeak: 0,
  nonSummer: 0,
  saturdayHalfPeak: 0,
  offPeak: 0,
  ...kw,
});
const maxima = (kw: Partial<PeriodMaxima>): PeriodMaxima => ({
  peak: null,
  halfPeak: null,
  saturdayHalfPeak: null,
  offPeak: null,
  ...kw,
});

// Three-stage: regular 1000, half-peak 200, Saturday 300, off-peak 500 kW.
// Usable per period: peak 1000; half-peak 1000+200 = 1200; Saturday 1200+300 = 1500;
// off-peak 1500+500 = 2000.
const THREE = contract({ regular: 1000, halfPeak: 200, saturdayHalfPeak: 300, offPeak: 500 });
// Two-stage: regular 800, non-summer 100, Saturday 200, off-peak 400 kW.
// Usable: peak 800 (summer) / 800+100 = 900 (non-summer); Saturday 900+200 = 1100;
// off-peak 1100+400 = 1500.
const TWO = contract({ regular: 800, nonSummer: 100, saturdayHalfPeak: 200, offPeak: 400 });

describe('contract capacities', () => {
  it.each([
    ['threeStage', THREE, null],
    ['twoStage', TWO, null],
    ['threeStage', contract({ regular: 500 }), null],
    ['threeStage', contract({ regular: -1 }), 'regular capacity must be 0 or more'],
    ['twoStage', contract({ offPeak: Number.NaN }), 'offPeak capacity must be 0 or more'],
    ['threeStage', TWO, 'a three-stage contract has no non-summer capacity'],
    ['twoStage', THREE, 'a two-stage contract has no half-peak capacity'],
  ] as const)('%s %o → %s', (stages, capacities, problem) => {
    expect(contractCapacityProblem(stages, capacities)).toBe(problem);
  });

  it('refuses to bill capacities of the wrong stages', () => {
    expect(() => monthBasicCharge('twoStage', 'summer', THREE, HV2_SUMMER)).toThrow(
      'no half-peak capacity',
    );
    expect(() => overContractExcess('threeStage', 'summer', TWO, maxima({ peak: 900 }))).toThrow(
      'no non-summer capacity',
    );
  });
});

describe('basic charge (T1 p.29–30)', () => {
  it.each([
    // (300+500) − (1000+200)×0.5 = 800 − 600 = 200 Saturday/off-peak kW;
    // 223.6×1000 + 166.9×200 + 44.7×200 = 223,600 + 33,380 + 8,940 = 265,920
    ['three-stage summer', 'threeStage', 'summer', THREE, HV3_SUMMER, 265_920],
    // 166.9×1000 + 166.9×200 + 33.3×200 = 166,900 + 33,380 + 6,660 = 206,940
    ['three-stage non-summer', 'threeStage', 'nonSummer', THREE, HV3_NON_SUMMER, 206_940],
    // (100+200) − 600 < 0 → 0: 223.6×1000 + 166.9×200 = 256,980
    [
      'three-stage, Saturday + off-peak under half the weekday contract',
      'threeStage',
      'summer',
      contract({ regular: 1000, halfPeak: 200, saturdayHalfPeak: 100, offPeak: 200 }),
      HV3_SUMMER,
      256_980,
    ],
    // (300+300) − 600 = 0 exactly: 256,980 again
    [
      'three-stage, Saturday + off-peak exactly half',
      'threeStage',
      'summer',
      contract({ regular: 1000, halfPeak: 200, saturdayHalfPeak: 300, offPeak: 300 }),
      HV3_SUMMER,
      256_980,
    ],
    // regular only: 500 × 223.6 = 111,800
    ['regular only', 'threeStage', 'summer', contract({ regular: 500 }), HV3_SUMMER, 111_800],
    // Saturday/off-peak only: (100+50) − 0 = 150 kW × 44.7 = 6,705
    [
      'Saturday/off-peak only',
      'threeStage',
      'summer',
      contract({ saturdayHalfPeak: 100, offPeak: 50 }),
      HV3_SUMMER,
      6_705,
    ],
    // (200+400) − (800+100)×0.5 = 600 − 450 = 150 kW;
    // summer, the non-summer kW not charged: 223.6×800 + 44.7×150 = 178,880 + 6,705 = 185,585
    ['two-stage summer', 'twoStage', 'summer', TWO, HV2_SUMMER, 185_585],
    // non-summer: 166.9×800 + 166.9×100 + 33.3×150 = 133,520 + 16,690 + 4,995 = 155,205
    ['two-stage non-summer', 'twoStage', 'nonSummer', TWO, HV2_NON_SUMMER, 155_205],
  ] as const)('%s', (_name, stages, season, capacities, rates, expected) => {
    expect(roundMoney(monthBasicCharge(stages, season, capacities, rates))).toBe(expected);
  });

  it('matches the demand charge of a regular-only contract', () => {
    const schedule = new TariffSchedule([
      { id: 1, validFrom: '2000-01-01', definition: DEFAULT_TARIFF },
    ]);
    const july = monthDemandCharge(
      schedule,
      datesBetween('2026-07-01', '2026-07-31'),
      500,
      null,
      '2026-07-01',
    )!;
    expect(
      monthBasicCharge('threeStage', 'summer', contract({ regular: 500 }), HV3_SUMMER),
    ).toBeCloseTo(july.basicCharge, 6);
  });

  it('never reads a "—" rate as 0', () => {
    // A two-stage non-summer contract with the non-summer column of a three-stage table.
    expect(() => monthBasicCharge('twoStage', 'nonSummer', TWO, HV3_NON_SUMMER)).toThrow(
      'no nonSummer basic rate',
    );
    // Saturday and off-peak kW share one rate; a table giving two is not the rule's.
    expect(() =>
      monthBasicCharge('threeStage', 'summer', THREE, { ...HV3_SUMMER, offPeak: 40 }),
    ).toThrow('one rate');
  });
});

describe('over-contract excess per period (T1 p.31–32)', () => {
  it('subtracts the larger earlier excess, so no kW is charged twice', () => {
    // Own excess: peak 1050−1000 = 50; half-peak 1290−1200 = 90; Saturday 1580−1500 = 80;
    // off-peak 2150−2000 = 150. Charged: peak 50; half-peak 90−50 = 40;
    // Saturday max(0, 80 − max(50, 90)) = 0; off-peak 150 − max(50, 90, 80) = 60.
    const excess = overContractExcess(
      'threeStage',
      'summer',
      THREE,
      maxima({ peak: 1050, halfPeak: 1290, saturdayHalfPeak: 1580, offPeak: 2150 }),
    );
    expect(excess).toEqual({
      peak: { capacityKw: 1000, ownExcessKw: 50, excessKw: 50 },
      halfPeak: { capacityKw: 1200, ownExcessKw: 90, excessKw: 40 },
      saturdayHalfPeak: { capacityKw: 1500, ownExcessKw: 80, excessKw: 0 },
      offPeak: { capacityKw: 2000, ownExcessKw: 150, excessKw: 60 },
    });
    // 50 + 40 + 0 + 60 = 150: the month's largest own excess.
  });

  it('takes two-stage Saturday from peak and off-peak from the larger of both', () => {
    // Summer: peak 850−800 = 50; Saturday 1180−1100 = 80 → 80−50 = 30;
    // off-peak 1560−1500 = 60 → max(0, 60 − max(50, 80)) = 0.
    const excess = overContractExcess(
      'twoStage',
      'summer',
      TWO,
      maxima({ peak: 850, saturdayHalfPeak: 1180, offPeak: 1560 }),
    );
    expect(excess).toEqual({
      peak: { capacityKw: 800, ownExcessKw: 50, excessKw: 50 },
      halfPeak: null,
      saturdayHalfPeak: { capacityKw: 1100, ownExcessKw: 80, excessKw: 30 },
      offPeak: { capacityKw: 1500, ownExcessKw: 60, excessKw: 0 },
    });
  });

  it('has no two-stage half-peak period', () => {
    expect(() => overContractExcess('twoStage', 'summer', TWO, maxima({ halfPeak: 900 }))).toThrow(
      'no halfPeak period',
    );
  });
});

describe('over-contract charge (T1 p.33)', () => {
  it.each([
    [
      // Every period under its usable capacity.
      'no excess',
      'threeStage',
      'summer',
      THREE,
      maxima({ peak: 990, halfPeak: 1200, saturdayHalfPeak: 1400, offPeak: 1999.9 }),
      HV3_SUMMER,
      0,
    ],
    [
      // 1100 − 1000 = 100 = 10 % of 1000: all at 2×: 100 × 2 × 223.6 = 44,720
      'exactly 10 % over in peak, all at 2×',
      'threeStage',
      'summer',
      THREE,
      maxima({ peak: 1100 }),
      HV3_SUMMER,
      44_720,
    ],
    [
      // 1101 − 1000 = 101: 100 × 2 × 223.6 + 1 × 3 × 223.6 = 44,720 + 670.8 = 45,390.8
      'just over 10 % in peak',
      'threeStage',
      'summer',
      THREE,
      maxima({ peak: 1101 }),
      HV3_SUMMER,
      45_390.8,
    ],
    [
      // Half-peak 1350 − 1200 = 150; 10 % of 1200 = 120:
      // (120 × 2 + 30 × 3) × 166.9 = 330 × 166.9 = 55,077
      'half-peak beyond 10 % of regular + half-peak',
      'threeStage',
      'summer',
      THREE,
      maxima({ peak: 1000, halfPeak: 1350 }),
      HV3_SUMMER,
      55_077,
    ],
    [
      // Only off-peak: 2300 − 2000 = 300; 10 % of 2000 = 200:
      // (200 × 2 + 100 × 3) × 44.7 = 700 × 44.7 = 31,290
      'excess only in off-peak',
      'threeStage',
      'summer',
      THREE,
      maxima({ peak: 900, halfPeak: 1100, saturdayHalfPeak: 1400, offPeak: 2300 }),
      HV3_SUMMER,
      31_290,
    ],
    [
      // As the excess test: peak 50, half-peak 40, Saturday 0, off-peak 60 kW, all within 10 %:
      // 50×2×223.6 + 40×2×166.9 + 60×2×44.7 = 22,360 + 13,352 + 5,364 = 41,076
      'double counting subtracted',
      'threeStage',
      'summer',
      THREE,
      maxima({ peak: 1050, halfPeak: 1290, saturdayHalfPeak: 1580, offPeak: 2150 }),
      HV3_SUMMER,
      41_076,
    ],
    [
      // Non-summer three-stage has no peak hours. Half-peak 1260 − 1200 = 60 → 60×2×166.9 = 20,028;
      // Saturday 1600 − 1500 = 100 → 100 − 60 = 40 → 40×2×33.3 = 2,664; total 22,692
      'three-stage non-summer',
      'threeStage',
      'nonSummer',
      THREE,
      maxima({ halfPeak: 1260, saturdayHalfPeak: 1600, offPeak: 1900 }),
      HV3_NON_SUMMER,
      22_692,
    ],
    [
      // Peak 50 → 50×2×223.6 = 22,360; Saturday 80 − 50 = 30 → 30×2×44.7 = 2,682;
      // off-peak 60 − 80 < 0 → 0; total 25,042
      'two-stage summer',
      'twoStage',
      'summer',
      TWO,
      maxima({ peak: 850, saturdayHalfPeak: 1180, offPeak: 1560 }),
      HV2_SUMMER,
      25_042,
    ],
    [
      // Same demand, non-summer: peak may use 800 + 100 = 900, so 850 is no excess;
      // Saturday 80 − 0 = 80 → 80×2×33.3 = 5,328; off-peak 60 − 80 < 0 → 0
      'two-stage non-summer: the non-summer contract covers the peak',
      'twoStage',
      'nonSummer',
      TWO,
      maxima({ peak: 850, saturdayHalfPeak: 1180, offPeak: 1560 }),
      HV2_NON_SUMMER,
      5_328,
    ],
    [
      // Summer peak 1000 − 800 = 200; 10 % of 800 = 80: (80×2 + 120×3) × 223.6 = 520 × 223.6 = 116,272
      'two-stage summer peak beyond 10 %',
      'twoStage',
      'summer',
      TWO,
      maxima({ peak: 1000 }),
      HV2_SUMMER,
      116_272,
    ],
    [
      // Non-summer peak 1000 − 900 = 100; 10 % of 900 = 90: (90×2 + 10×3) × 166.9 = 210 × 166.9 = 35,049
      'two-stage non-summer peak beyond 10 %',
      'twoStage',
      'nonSummer',
      TWO,
      maxima({ peak: 1000 }),
      HV2_NON_SUMMER,
      35_049,
    ],
  ] as const)('%s', (_name, stages, season, capacities, demand, rates, expected) => {
    const charge = overContractCharge(stages, season, capacities, demand, rates, TERMS);
    expect(roundMoney(charge.total)).toBe(expected);
  });

  it('itemises each period: rate, tiers and charge', () => {
    const { periods } = overContractCharge(
      'threeStage',
      'summer',
      THREE,
      maxima({ peak: 1000, halfPeak: 1350 }),
      HV3_SUMMER,
      TERMS,
    );
    expect(periods.peak).toEqual({
      capacityKw: 1000,
      ownExcessKw: 0,
      excessKw: 0,
      ratePerKw: 223.6,
      tier1Kw: 0,
      tier2Kw: 0,
      charge: 0,
    });
    expect(periods.halfPeak).toMatchObject({ excessKw: 150, ratePerKw: 166.9, tier1Kw: 120 });
    expect(periods.halfPeak!.tier2Kw).toBeCloseTo(30, 9);
    expect(periods.saturdayHalfPeak).toMatchObject({ excessKw: 0, charge: 0 });
  });

  it('refuses use outside a Saturday/off-peak-only contract (a 4.8× rule, not modelled)', () => {
    const weekendOnly = contract({ saturdayHalfPeak: 100, offPeak: 50 });
    expect(() =>
      overContractCharge(
        'threeStage',
        'summer',
        weekendOnly,
        maxima({ peak: 20 }),
        HV3_SUMMER,
        TERMS,
      ),
    ).toThrow('Saturday/off-peak-only');
    // Within its own hours it is an ordinary contract: off-peak 160 − (100+50) = 10, within
    // 10 % of 150 = 15: 10×2×44.7 = 894.
    const charge = overContractCharge(
      'threeStage',
      'summer',
      weekendOnly,
      maxima({ saturdayHalfPeak: 90, offPeak: 160 }),
      HV3_SUMMER,
      TERMS,
    );
    expect(roundMoney(charge.total)).toBe(894);
  });
});

describe('a regular-only contract against today’s penalty (bill.ts)', () => {
  const REGULAR = contract({ regular: 500 });

  it.each([
    // Highest block in the peak period: 560 − 500 = 60; 10 % = 50: (50×2 + 10×3) × 223.6 = 29,068.
    // The other periods' own excess (40, 30, 20) is under the peak's, so they add nothing.
    [
      'summer, highest in peak',
      'summer',
      HV3_SUMMER,
      maxima({ peak: 560, halfPeak: 540, saturdayHalfPeak: 530, offPeak: 520 }),
      560,
      223.6,
    ],
    [
      'summer, exactly 10 % over in peak',
      'summer',
      HV3_SUMMER,
      maxima({ peak: 550, offPeak: 510 }),
      550,
      223.6,
    ],
    ['summer, no excess', 'summer', HV3_SUMMER, maxima({ peak: 500, offPeak: 499 }), 500, 223.6],
    // Non-summer three-stage has no peak hours; the half-peak rate 166.9 equals the regular
    // non-summer rate, so a highest block in half-peak costs what today's product charges:
    // 580 − 500 = 80: (50×2 + 30×3) × 166.9 = 190 × 166.9 = 31,711.
    [
      'non-summer, highest in half-peak',
      'nonSummer',
      HV3_NON_SUMMER,
      maxima({ halfPeak: 580, offPeak: 560 }),
      580,
      166.9,
    ],
  ] as const)('%s: the same figure', (_name, season, rates, demand, highestKw, regularRate) => {
    const rule = overContractCharge('threeStage', season, REGULAR, demand, rates, TERMS);
    expect(rule.total).toBe(overContractPenalty(highestKw, 500, regularRate, TERMS));
  });

  it('equals monthDemandCharge’s penalty for a July peak', () => {
    const schedule = new TariffSchedule([
      { id: 1, validFrom: '2000-01-01', definition: DEFAULT_TARIFF },
    ]);
    const july = monthDemandCharge(
      schedule,
      datesBetween('2026-07-01', '2026-07-31'),
      500,
      560,
      '2026-07-15',
    )!;
    const rule = overContractCharge(
      'threeStage',
      'summer',
      REGULAR,
      maxima({ peak: 560 }),
      HV3_SUMMER,
      TERMS,
    );
    expect(rule.total).toBeCloseTo(july.penalty, 6); // 29,068
  });

  it('differs when the highest block is outside peak hours (documented in cost-bill-rules.md)', () => {
    // Peak 520 → own 20 at the regular rate: 20×2×223.6 = 8,944. Off-peak 580 → own 80, less
    // peak's 20 = 60 at the off-peak rate, 10 % of 500 = 50 at 2×, 10 at 3×:
    // (50×2 + 10×3) × 44.7 = 130 × 44.7 = 5,811. Total 14,755.
    // Today's product: 580 − 500 = 80 at the regular rate: (50×2 + 30×3) × 223.6 = 42,484.
    // The same 80 kW are charged either way; the rule prices 60 of them at the off-peak rate
    // and gives each period its own 10 % at 2×.
    const demand = maxima({ peak: 520, offPeak: 580 });
    const rule = overContractCharge('threeStage', 'summer', REGULAR, demand, HV3_SUMMER, TERMS);
    const kw = Object.values(rule.periods).reduce((sum, p) => sum + (p?.excessKw ?? 0), 0);
    expect(kw).toBe(80);
    expect(roundMoney(rule.total)).toBe(14_755);
    expect(roundMoney(overContractPenalty(580, 500, 223.6, TERMS))).toBe(42_484);
  });
});
