/**
 * The alarm rules as pure functions: when a value breaches its
 * limits, and when an alarm goes back to normal (with a deadband, so a value
 * sitting on a limit does not flap between the two).
 */
import type { Limits } from './targets.ts';

export type AlertStatus = 'normal' | 'alarm';

/** Back to normal only this far inside the range: 2 % of the limit's magnitude. */
export const DEADBAND_FRACTION = 0.02;

/** Readings older than this are history (backfill, catch-up), not news: never evaluated. */
export const RECENT_READING_MS = 15 * 60_000;

export type BreachedLimit = 'high' | 'low';

/** Which limit the value is strictly beyond; a value on the limit is not a breach. */
export function breachedLimit(value: number, limits: Limits): BreachedLimit | null {
  if (limits.high !== null && value > limits.high) return 'high';
  if (limits.low !== null && value < limits.low) return 'low';
  return null;
}

export function isBreach(value: number, limits: Limits): boolean {
  return breachedLimit(value, limits) !== null;
}

/**
 * The deadband of each limit: 2 % of its magnitude, but never more than a
 * quarter of the range, so a narrow range still has a way back to normal.
 */
export function deadbands(limits: Limits): { low: number; high: number } {
  const span =
    limits.low !== null && limits.high !== null ? (limits.high - limits.low) / 4 : Infinity;
  const band = (limit: number | null) =>
    limit === null ? 0 : Math.min(Math.abs(limit) * DEADBAND_FRACTION, span);
  return { low: band(limits.low), high: band(limits.high) };
}

/** Inside the range by at least the deadband on every limited side. */
export function isClearlyInside(value: number, limits: Limits): boolean {
  const band = deadbands(limits);
  if (limits.high !== null && value > limits.high - band.high) return false;
  if (limits.low !== null && value < limits.low + band.low) return false;
  return true;
}

/**
 * The status after one value: a breach raises the alarm; an alarm clears only
 * once the value is clearly inside; anything in between keeps the status.
 */
export function nextStatus(current: AlertStatus, value: number, limits: Limits): AlertStatus {
  if (isBreach(value, limits)) return 'alarm';
  if (current === 'alarm' && !isClearlyInside(value, limits)) return 'alarm';
  return 'normal';
}

/** Only readings this recent are evaluated (see RECENT_READING_MS). */
export function isRecentReading(ts: Date, now: Date): boolean {
  return now.getTime() - ts.getTime() <= RECENT_READING_MS;
}
