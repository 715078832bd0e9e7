import type { Level } from '@wattboard/contract';

/** The two cut points splitting a set of values into thirds. */
export interface Tertiles {
  lower: number;
  upper: number;
}

/** Quantile p of ascending values, interpolating between ranks (the common "type 7"). */
function quantile(sorted: readonly number[], p: number): number {
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const low = sorted[below]!;
  const high = sorted[Math.min(below + 1, sorted.length - 1)]!;
  return low + (position - below) * (high - low);
}

/** Tertile cut points of the values; null when there are none. */
export function tertiles(values: readonly number[]): Tertiles | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return { lower: quantile(sorted, 1 / 3), upper: quantile(sorted, 2 / 3) };
}

/**
 * `low` below the lower tertile, `high` above the upper one, `mid` between
 * (so a flat load, where every value is equal, is all `mid`).
 */
export function tertileLevel(value: number, cuts: Tertiles): Level {
  if (value < cuts.lower) return 'low';
  if (value > cuts.upper) return 'high';
  return 'mid';
}

/** A phase is out of balance when its current is more than 10 % from the three-phase mean. */
export const BALANCE_TOLERANCE = 0.1;

/** `high` more than 10 % above the mean current, `low` more than 10 % below, else `mid`. */
export function balanceLevel(current: number, meanCurrent: number): Level {
  if (current > meanCurrent * (1 + BALANCE_TOLERANCE)) return 'high';
  if (current < meanCurrent * (1 - BALANCE_TOLERANCE)) return 'low';
  return 'mid';
}
