import type { OtherContracts } from '@wattboard/contract';
import { overContractPenalty, type PenaltyTerms } from './bill.ts';
import { DEMAND_PERIODS, type DemandPeriod, type PeriodMaxima } from './contract-capacity.ts';
import type { PointContract } from './period-demand.ts';

/**
 * A period priced by every contract type (period-demand.ts), for the search
 * over whole contracts (combination-advisor.ts).
 */
export interface ContractPricing {
  /** kW: the period's highest complete block in each time-of-use period. */
  maxima: PeriodMaxima;
  /**
   * The period's basic and over-contract charge under a contract; null when the
   * rules cannot price it (periodDemandCharge fell back to the single-rate rule).
   */
  price: (contract: PointContract) => { basicCharge: number; penalty: number } | null;
  /** kW each time-of-use period may draw under a contract; null: the tariff has no such period. */
  usable: (contract: PointContract) => Record<DemandPeriod, number | null>;
}

/** One past billing period of a point: its highest complete block and its basic rate. */
export interface AdvisorPeriod {
  from: string;
  to: string;
  /** kW; the period's highest 15-minute block of net draw; null without data. */
  peakKw: number | null;
  /** TWD per kW for the period (each day's season rate, prorated by day). */
  basicRatePerKw: number;
  terms: PenaltyTerms;
  /**
   * The period's basic and over-contract charge at a regular capacity with the
   * point's other contract types (period-demand.ts); absent: the single rate
   * above, the peak against the capacity.
   */
  demandCharge?: (regularKw: number) => { basicCharge: number; penalty: number };
  /** Regular capacities, kW, at which demandCharge changes slope. */
  breakpoints?: readonly number[];
  /** Present where every day of the period has contract-type rates. */
  contract?: ContractPricing;
}

/** What a contract capacity would have cost over the periods. */
export interface CapacityCost {
  capacityKw: number;
  basicCharge: number;
  penalty: number;
  total: number;
  /** The periods it would have been exceeded in, with their penalty. */
  penalised: { from: string; to: string; peakKw: number; penalty: number }[];
}

/** The demand charges of `capacityKw` over `periods`: basic charge plus over-contract penalty. */
export function capacityCost(periods: readonly AdvisorPeriod[], capacityKw: number): CapacityCost {
  let basicCharge = 0;
  let penalty = 0;
  const penalised: CapacityCost['penalised'] = [];
  for (const period of periods) {
    const priced = period.demandCharge?.(capacityKw);
    basicCharge += priced ? priced.basicCharge : capacityKw * period.basicRatePerKw;
    if (period.peakKw === null) continue;
    const charge = priced
      ? priced.penalty
      : overContractPenalty(period.peakKw, capacityKw, period.basicRatePerKw, period.terms);
    if (charge <= 0) continue;
    penalty += charge;
    penalised.push({ from: period.from, to: period.to, peakKw: period.peakKw, penalty: charge });
  }
  return { capacityKw, basicCharge, penalty, total: basicCharge + penalty, penalised };
}

/**
 * The whole-kW contract capacity, at least `minimumKw`, that would have cost
 * least over `periods`; null without any peak. Each period's charge is
 * piecewise linear in the capacity, changing slope only where the penalty's
 * tier changes (peak / (1 + tier fraction)) or ends (the peak), or at the
 * period's `breakpoints` (the other contract types' periods), so the minimum
 * is at one of those points; both whole kW around each are tried. On
 * a tie the larger capacity wins: it leaves more headroom for the same money.
 */
export function cheapestCapacity(
  periods: readonly AdvisorPeriod[],
  minimumKw: number,
): CapacityCost | null {
  const peaks = periods.filter((p) => p.peakKw !== null);
  if (peaks.length === 0) return null;
  const candidates = new Set<number>([Math.ceil(minimumKw)]);
  for (const period of peaks) {
    const points = [
      period.peakKw!,
      period.peakKw! / (1 + period.terms.penaltyTierFraction),
      ...(period.breakpoints ?? []),
    ];
    for (const kw of points) {
      for (const whole of [Math.floor(kw), Math.ceil(kw)]) {
        if (whole >= minimumKw) candidates.add(whole);
      }
    }
  }
  let best: CapacityCost | null = null;
  for (const kw of [...candidates].sort((a, b) => a - b)) {
    const cost = capacityCost(periods, kw);
    if (!best || cost.total <= best.total + 1e-9) best = cost;
  }
  return best;
}

/**
 * The regular capacities, kW, where a period's charge under every contract
 * type changes slope (period-demand.ts), from each time-of-use period's
 * maximum `m` and the kW it may draw beyond regular `o`: where its own excess
 * ends (m − o), where its 10 % tier ends (m / (1 + f) − o), where what is left
 * after an earlier period's excess `k` crosses its tier (k / f − o), and
 * where the Saturday / off-peak kW stop being covered by half the weekday
 * contract (2 × (Saturday + off-peak) − half-peak − non-summer).
 */
export function contractBreakpoints(
  maxima: PeriodMaxima,
  beyond: Record<DemandPeriod, number | null>,
  fraction: number,
  others: OtherContracts,
): number[] {
  const points = [
    2 * (others.saturdayHalfPeak + others.offPeak) - others.halfPeak - others.nonSummer,
  ];
  const own = DEMAND_PERIODS.flatMap((period) => {
    const m = maxima[period];
    const o = beyond[period];
    return m === null || o === null ? [] : [{ m, o }];
  });
  for (const { m, o } of own) {
    points.push(m - o, m / (1 + fraction) - o);
    if (fraction <= 0) continue;
    for (const other of own) {
      const left = m - o - (other.m - other.o);
      if (left > 0) points.push(left / fraction - o);
    }
  }
  return points.filter((kw) => Number.isFinite(kw) && kw > 0);
}
