import type { Season } from '@wattboard/contract';
import type { PenaltyTerms } from './bill.ts';

/**
 * Taipower's contract types for time-of-use power tariffs: the month's basic
 * charge and the over-contract penalty per period (issue #24). Pure; the rules
 * and the readings taken where the rate table is silent are in
 * docs/cost-bill-rules.md. One call covers one billing month in one season:
 * prorating a reading period that spans seasons is the caller's.
 */

export type TouStages = 'threeStage' | 'twoStage';

/**
 * kW of each contract type of a billing point, each ≥ 0. `halfPeak` (半尖峰契約)
 * exists only in three-stage contracts, `nonSummer` (非夏月契約) only in
 * two-stage ones; the other is 0.
 */
export interface ContractCapacities {
  regular: number;
  halfPeak: number;
  nonSummer: number;
  saturdayHalfPeak: number;
  offPeak: number;
}

export type ContractType = keyof ContractCapacities;

/** TWD per kW·month of each contract type in one season; null where the rate table prints "—". */
export type BasicRates = Record<ContractType, number | null>;

/** The periods whose maximum demand is held against the contract. */
export type DemandPeriod = 'peak' | 'halfPeak' | 'saturdayHalfPeak' | 'offPeak';

/** In the order of the no-double-counting rule: each period gives way to those before it. */
export const DEMAND_PERIODS: readonly DemandPeriod[] = [
  'peak',
  'halfPeak',
  'saturdayHalfPeak',
  'offPeak',
];

/** kW: the month's highest 15-minute average demand in each period; null when it had no block. */
export type PeriodMaxima = Record<DemandPeriod, number | null>;

/** No block in any period (no data yet). */
export const NO_MAXIMA: PeriodMaxima = {
  peak: null,
  halfPeak: null,
  saturdayHalfPeak: null,
  offPeak: null,
};

/**
 * The contract type whose basic rate prices a period's excess (the reading of
 * "依適用電價" taken, unconfirmed: the type that covers the period).
 */
const PERIOD_RATE: Record<DemandPeriod, ContractType> = {
  peak: 'regular',
  halfPeak: 'halfPeak',
  saturdayHalfPeak: 'saturdayHalfPeak',
  offPeak: 'offPeak',
};

const CONTRACT_TYPES: readonly ContractType[] = [
  'regular',
  'halfPeak',
  'nonSummer',
  'saturdayHalfPeak',
  'offPeak',
];

/** Why capacities cannot be a contract of these stages, or null when they can. */
export function contractCapacityProblem(
  stages: TouStages,
  capacities: ContractCapacities,
): string | null {
  for (const type of CONTRACT_TYPES) {
    const kw = capacities[type];
    if (!Number.isFinite(kw) || kw < 0) return `${type} capacity must be 0 or more`;
  }
  if (stages === 'threeStage' && capacities.nonSummer !== 0) {
    return 'a three-stage contract has no non-summer capacity';
  }
  if (stages === 'twoStage' && capacities.halfPeak !== 0) {
    return 'a two-stage contract has no half-peak capacity';
  }
  return null;
}

function assertCapacities(stages: TouStages, capacities: ContractCapacities): void {
  const problem = contractCapacityProblem(stages, capacities);
  if (problem !== null) throw new RangeError(problem);
}

/** The type that tops up regular in the week's daytime: half-peak (three-stage) or non-summer. */
const secondKw = (stages: TouStages, c: ContractCapacities) =>
  stages === 'threeStage' ? c.halfPeak : c.nonSummer;

/** A rate the rule needs; a "—" in the table is never read as 0. */
function rateOf(rates: BasicRates, type: ContractType): number {
  const rate = rates[type];
  if (rate === null) throw new RangeError(`the rate table has no ${type} basic rate here`);
  return rate;
}

/** kW × its type's rate; 0 kW needs no rate. */
const charged = (rates: BasicRates, type: ContractType, kw: number) =>
  kw === 0 ? 0 : kw * rateOf(rates, type);

/**
 * The month's basic charge (基本電費), TWD, at one season's rates (T1 第五章
 * 五(一), p.29–30):
 * - three-stage: regular rate × regular + half-peak rate × half-peak
 *   + Saturday/off-peak rate × max(0, (Saturday + off-peak) − (regular + half-peak) × 0.5);
 * - two-stage: the same with non-summer in place of half-peak in the 0.5
 *   term; the non-summer kW themselves are charged only in non-summer.
 * Saturday half-peak and off-peak kW share one rate ("週六半尖峰或離峰契約電價"):
 * throws when that term is charged and the two rates differ or are missing.
 */
export function monthBasicCharge(
  stages: TouStages,
  season: Season,
  capacities: ContractCapacities,
  rates: BasicRates,
): number {
  assertCapacities(stages, capacities);
  const c = capacities;
  let charge = charged(rates, 'regular', c.regular);
  if (stages === 'threeStage') charge += charged(rates, 'halfPeak', c.halfPeak);
  else if (season === 'nonSummer') charge += charged(rates, 'nonSummer', c.nonSummer);
  // Half the weekday contract already covers Saturdays and nights for free.
  const weekendKw = Math.max(
    0,
    c.saturdayHalfPeak + c.offPeak - (c.regular + secondKw(stages, c)) * 0.5,
  );
  if (weekendKw === 0) return charge;
  const rate = rateOf(rates, 'saturdayHalfPeak');
  if (rates.offPeak !== rate) {
    throw new RangeError('Saturday half-peak and off-peak kW are charged at one rate');
  }
  return charge + weekendKw * rate;
}

/** One period's demand against the contract. */
export interface PeriodExcess {
  /** kW the period may draw: the sum of the contract types usable in it. */
  capacityKw: number;
  /** kW: the period's maximum demand above capacityKw (0 at or under it). */
  ownExcessKw: number;
  /** kW charged: ownExcessKw less the largest ownExcessKw of the periods before it, ≥ 0. */
  excessKw: number;
}

/** The capacity usable in each period (T1 第五章 七(一), p.31–32); null: the tariff has no such period. */
function periodCapacities(
  stages: TouStages,
  season: Season,
  c: ContractCapacities,
): Record<DemandPeriod, number | null> {
  const second = secondKw(stages, c);
  const weekday = c.regular + second;
  return {
    // Two-stage non-summer peak hours may use the non-summer contract too.
    peak: stages === 'twoStage' && season === 'nonSummer' ? weekday : c.regular,
    halfPeak: stages === 'threeStage' ? weekday : null,
    saturdayHalfPeak: weekday + c.saturdayHalfPeak,
    offPeak: weekday + c.saturdayHalfPeak + c.offPeak,
  };
}

/**
 * Each period's over-contract kW (超約瓩數, T1 第五章 七(一), p.31–32): its
 * maximum demand above the capacity usable in it, less the largest such
 * excess of the periods before it (half-peak gives way to peak, Saturday to
 * peak and half-peak, off-peak to all three), so no kW is charged twice and
 * the charged kW add up to the month's largest excess. Null for a period the
 * tariff does not have (two-stage half-peak); throws when such a period has a
 * maximum.
 */
export function overContractExcess(
  stages: TouStages,
  season: Season,
  capacities: ContractCapacities,
  maxima: PeriodMaxima,
): Record<DemandPeriod, PeriodExcess | null> {
  assertCapacities(stages, capacities);
  const capacity = periodCapacities(stages, season, capacities);
  const result: Record<DemandPeriod, PeriodExcess | null> = {
    peak: null,
    halfPeak: null,
    saturdayHalfPeak: null,
    offPeak: null,
  };
  // The subtrahend is the other periods' own excess, as the rule words it
  // ("…時間超出瓩數"), not what is left of it after their own subtraction.
  let largestBefore = 0;
  for (const period of DEMAND_PERIODS) {
    const capacityKw = capacity[period];
    const maximum = maxima[period];
    if (capacityKw === null) {
      if (maximum !== null) throw new RangeError(`a two-stage tariff has no ${period} period`);
      continue;
    }
    const ownExcessKw = maximum === null ? 0 : Math.max(0, maximum - capacityKw);
    result[period] = {
      capacityKw,
      ownExcessKw,
      excessKw: Math.max(0, ownExcessKw - largestBefore),
    };
    largestBefore = Math.max(largestBefore, ownExcessKw);
  }
  return result;
}

/** One period's over-contract charge. */
export interface PeriodPenalty extends PeriodExcess {
  /** TWD per kW·month the excess is charged at; null when the table has none (then no excess). */
  ratePerKw: number | null;
  /** kW at tier 1 (2×): up to penaltyTierFraction × capacityKw. */
  tier1Kw: number;
  /** kW at tier 2 (3×): the rest. */
  tier2Kw: number;
  /** TWD. */
  charge: number;
}

export interface OverContractCharge {
  /** Null for a period the tariff does not have. */
  periods: Record<DemandPeriod, PeriodPenalty | null>;
  /** TWD: the periods' charges. */
  total: number;
}

/**
 * The month's over-contract charge (超約附加費, T1 第五章 七(二), p.33): each
 * period's excess kW (overContractExcess) as basic charge at the rate of the
 * contract type covering the period (peak: regular, half-peak: half-peak,
 * Saturday: Saturday half-peak, off-peak: off-peak; unconfirmed reading),
 * the part up to `penaltyTierFraction` (10 %) of the period's usable capacity
 * at tier 1 (2×), the rest at tier 2 (3×); the 10 % base is an unconfirmed
 * reading too. For a regular-only contract whose month's highest block is in
 * the peak period it equals bill.ts overContractPenalty.
 *
 * Throws for a Saturday/off-peak-only contract (no regular, half-peak or
 * non-summer kW) with demand in peak or half-peak hours: Taipower charges that
 * demand 4.8× the basic rate instead (T1 p.34), which is not modelled here.
 */
export function overContractCharge(
  stages: TouStages,
  season: Season,
  capacities: ContractCapacities,
  maxima: PeriodMaxima,
  rates: BasicRates,
  terms: PenaltyTerms,
): OverContractCharge {
  const excess = overContractExcess(stages, season, capacities, maxima);
  if (
    capacities.regular + secondKw(stages, capacities) === 0 &&
    ((maxima.peak ?? 0) > 0 || (maxima.halfPeak ?? 0) > 0)
  ) {
    throw new RangeError('use outside a Saturday/off-peak-only contract is not an over-contract');
  }
  const periods: Record<DemandPeriod, PeriodPenalty | null> = {
    peak: null,
    halfPeak: null,
    saturdayHalfPeak: null,
    offPeak: null,
  };
  let total = 0;
  for (const period of DEMAND_PERIODS) {
    const e = excess[period];
    if (e === null) continue;
    const rateType = PERIOD_RATE[period];
    // The same arithmetic as overContractPenalty, so a regular-only contract agrees to the bit.
    const tierLimit = e.capacityKw * terms.penaltyTierFraction;
    const tier1Kw = Math.min(e.excessKw, tierLimit);
    const tier2Kw = Math.max(0, e.excessKw - tierLimit);
    const charge =
      e.excessKw > 0
        ? rateOf(rates, rateType) *
          (tier1Kw * terms.penaltyTier1Multiplier + tier2Kw * terms.penaltyTier2Multiplier)
        : 0;
    periods[period] = { ...e, ratePerKw: rates[rateType], tier1Kw, tier2Kw, charge };
    total += charge;
  }
  return { periods, total };
}
