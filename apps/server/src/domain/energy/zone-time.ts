/**
 * Wall-clock arithmetic in an IANA zone, built only on Intl so it follows the
 * runtime's time-zone database (DST included). Instants are epoch milliseconds.
 */
import { localParts, zoneOffsetMs, type LocalParts } from '../zoned-parts.ts';

export { localParts, zoneOffsetMs, type LocalParts };

function sameLocalDate(instant: number, timeZone: string, y: number, m: number, d: number) {
  const p = localParts(instant, timeZone);
  return p.year === y && p.month === m && p.day === d;
}

/** Smallest instant in (low, high] for which isLate holds; isLate(high) must hold. */
function firstInstant(low: number, high: number, isLate: (t: number) => boolean): number {
  // Zone transitions fall on whole minutes, so minute precision finds them exactly.
  let lo = Math.floor(low / 60_000);
  let hi = Math.ceil(high / 60_000);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (isLate(mid * 60_000)) hi = mid;
    else lo = mid;
  }
  return hi * 60_000;
}

/**
 * The first instant of a local calendar date: its midnight, or, where the
 * clocks jump over midnight (Chile, for one), the moment the date begins.
 * Month and day may overflow (day 32 = the 1st of the next month).
 */
export function startOfLocalDate(year: number, month: number, day: number, timeZone: string) {
  const normal = new Date(Date.UTC(year, month - 1, day));
  const [y, m, d] = [normal.getUTCFullYear(), normal.getUTCMonth() + 1, normal.getUTCDate()];
  const wallMidnight = normal.getTime();
  // Two passes: the offset at the true instant may differ from the one at the first guess.
  let guess = wallMidnight - zoneOffsetMs(wallMidnight, timeZone);
  guess = wallMidnight - zoneOffsetMs(guess, timeZone);
  const p = localParts(guess, timeZone);
  if (p.year === y && p.month === m && p.day === d && p.hour === 0 && p.minute === 0) return guess;
  // Midnight does not exist on this date: the date starts at the transition.
  const probeLow = guess - 3 * 3_600_000;
  const probeHigh = guess + 3 * 3_600_000;
  const isOnOrAfter = (t: number) => {
    const q = localParts(t, timeZone);
    return Date.UTC(q.year, q.month - 1, q.day) >= wallMidnight;
  };
  const start = firstInstant(probeLow, probeHigh, isOnOrAfter);
  if (!sameLocalDate(start, timeZone, y, m, d)) {
    throw new Error(`Local date ${y}-${m}-${d} has no start in ${timeZone}`);
  }
  return start;
}
