import { displayDate } from '@/lib/format';

/**
 * The month's peak demand against the contract capacity, as the cost card
 * tells it: the share of the capacity and, above it, the kW the penalty is
 * charged on. Without a capacity (or a peak) there is nothing to compare.
 */
export type PeakState = 'unknown' | 'within' | 'over';

export interface PeakVsContract {
  state: PeakState;
  /** Peak as a percentage of the capacity; null when unknown. */
  sharePercent: number | null;
  /** kW above the capacity (0 when within); null when unknown. */
  overKw: number | null;
}

export function peakVsContract(peakKw: number | null, capacityKw: number | null): PeakVsContract {
  if (peakKw === null || capacityKw === null || !(capacityKw > 0)) {
    return { state: 'unknown', sharePercent: null, overKw: null };
  }
  const overKw = Math.max(0, peakKw - capacityKw);
  return {
    state: overKw > 0 ? 'over' : 'within',
    sharePercent: (peakKw / capacityKw) * 100,
    overKw,
  };
}

/**
 * Which sentence explains the projection: an average of the last complete
 * days (1 to 7), or — on a factory's first day — today so far scaled to a day.
 */
export function projectionBasisKey(
  basisDays: number,
): 'cost.overview.basisDays' | 'cost.overview.basisToday' {
  return basisDays > 0 ? 'cost.overview.basisDays' : 'cost.overview.basisToday';
}

/** The tariff's name in the page's language; an empty Chinese name falls back to the English one. */
export function tariffName(tariff: { name: string; nameZh: string }, zh: boolean): string {
  return zh && tariff.nameZh.trim() !== '' ? tariff.nameZh : tariff.name;
}

/**
 * A billing period as the card shows it (the app's yyyy/MM/dd), or null when
 * the server sent none (an older server, or a factory without a tree).
 */
export function billingPeriod(
  from: string | undefined,
  to: string | undefined,
): { from: string; to: string } | null {
  return from && to ? { from: displayDate(from), to: displayDate(to) } : null;
}
