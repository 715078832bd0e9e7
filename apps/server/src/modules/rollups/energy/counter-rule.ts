/**
 * How a cumulative kWh counter turns into energy (issue #9,
 * docs/decisions/0014-interval-energy-and-counter-resets.md).
 *
 * The state of a counter is its HIGH: the highest value seen since the last
 * real reset (an "effective counter"). A new value at or above it adds the
 * difference. A value below it is either
 * - a real reset (meter replaced, counter wrapped at 99,999.9, cleared): the
 *   new value is far below the high, under RESET_FRACTION of it. Energy is the
 *   new value (counted from zero) and the high restarts there; or
 * - noise (gateway jitter, a rounded or stale resend: 12,364.60 → 12,364.59):
 *   0 kWh, and the high stays, so energy continues from the highest value seen
 *   (100, 105, 104.99, 105.5 books 5.5 kWh, not 6.01 nor a reset).
 *
 * Why one half: booking a reset costs the new value as energy, booking noise
 * costs the drop until the counter climbs back. A real reset lands near zero,
 * far under half; noise is a tiny fraction of a counter that has run for a
 * while. Between the two, the rule never books more than the old high as a
 * false reset, and never stalls a counter that lost more than half its value.
 */
export const RESET_FRACTION = 0.5;

export interface CounterStep {
  /** Energy of the interval ending at the new value, kWh, never negative. */
  energy: number;
  /** The counter's high after the new value. */
  high: number;
}

/** One reading of a counter after a state `high`. */
export function counterStep(high: number, value: number): CounterStep {
  if (value >= high) return { energy: value - high, high: value };
  if (value < RESET_FRACTION * high) return { energy: Math.max(value, 0), high: value };
  return { energy: 0, high };
}

/**
 * The high a reading starts a chain with: what was stored for it (the high
 * after it, when that differs from its value) or else its value.
 */
export function startingHigh(value: number, storedHigh: number | null | undefined): number {
  return storedHigh ?? value;
}

/** The high as stored: null when it equals the value (the normal, monotonic case). */
export function storedHigh(value: number, high: number): number | null {
  return high === value ? null : high;
}
