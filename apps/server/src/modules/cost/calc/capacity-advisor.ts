import { overContractPenalty, type PenaltyTerms } from './bill.ts';

/** One past billing period of a point: its highest complete block and its basic rate. */
export interface AdvisorPeriod {
  from: string;
  to: string;
  /** kW; the period's highest 15-minute block of net draw; null without data. */
  peakKw: number | null;
  /** TWD per kW for the period (each day's season rate, prorated by day). */
  basicRatePerKw: number;
  terms: PenaltyTerms;
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
    basicCharge += capacityKw * period.basicRatePerKw;
    if (period.peakKw === null) continue;
    const charge = overContractPenalty(
      period.peakKw,
      capacityKw,
      period.basicRatePerKw,
      period.terms,
    );
    if (charge <= 0) continue;
    penalty += charge;
    penalised.push({ from: period.from, to: period.to, peakKw: period.peakKw, penalty: charge });
  }
  return { capacityKw, basicCharge, penalty, total: basicCharge + penalty, penalised };
}

/**
 * The whole-kW contract capacity, at least `minimumKw`, that would have cost
 * least over `periods`; null without any peak. For each period the charge is
 * linear in the capacity between the points where the penalty's tier changes
 * (peak / (1 + tier fraction)) or ends (the peak), and convex, so the
 * minimum is at one of those points; both whole kW around each are tried. On
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
    for (const kw of [period.peakKw!, period.peakKw! / (1 + period.terms.penaltyTierFraction)]) {
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
