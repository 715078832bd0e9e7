/** Demand at or above this share of the contract capacity is a warning (matches the diary's 90 %). */
export const NEAR_CAPACITY_SHARE = 90;

export type CapacityState = 'none' | 'ok' | 'near' | 'over';

/** Demand as a percentage of the contract capacity; null without a demand or a capacity. */
export function capacityShare(kw: number | null, capacityKw: number | null): number | null {
  if (kw === null || capacityKw === null || !(capacityKw > 0)) return null;
  return (kw / capacityKw) * 100;
}

/** ok below 90 %, near from 90 % up to the capacity, over above it; none when unknown. */
export function capacityState(kw: number | null, capacityKw: number | null): CapacityState {
  const share = capacityShare(kw, capacityKw);
  if (share === null) return 'none';
  if (share > 100) return 'over';
  return share >= NEAR_CAPACITY_SHARE ? 'near' : 'ok';
}

/** Width of a gauge's fill in percent of the track: never negative, never past the end. */
export function gaugeWidth(share: number | null): number {
  if (share === null || !Number.isFinite(share)) return 0;
  return Math.min(100, Math.max(0, share));
}
