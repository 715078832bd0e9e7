/** Wall clocks of a zone: the ZoneClock the monitor queries walk ranges with, and the simulator's. */

import { civilDay, formatCivilDate } from './civil-dates.ts';
import { DAY_MS } from './durations.ts';
import { isoWithOffset, localParts, zoneOffsetMs } from './zones.ts';

// ── ZoneClock: a zone's wall clock for walking ranges ──────────────────────

interface OffsetSpan {
  from: number;
  to: number;
  offset: number;
}

const MAX_CACHED_SPANS = 64;

/** Local wall-clock parts of an instant, as the monitor queries use them. */
export interface ClockParts {
  date: string;
  /** Minutes since local midnight by the wall clock (0 … 1439). */
  minuteOfDay: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

/**
 * Converts between UTC instants and a factory's wall clock, daylight saving
 * included. Intl is asked about one instant per day at most (queries walk a
 * range in time order), so a year of 15-minute buckets costs milliseconds.
 */
export class ZoneClock {
  readonly timeZone: string;
  readonly #spans: OffsetSpan[] = [];

  constructor(timeZone: string) {
    zoneOffsetMs(0, timeZone); // throws RangeError for an unknown zone, early
    this.timeZone = timeZone;
  }

  /** UTC offset in ms at instant t (positive east of Greenwich). */
  offsetAt(t: number): number {
    for (let i = this.#spans.length - 1; i >= 0; i--) {
      const span = this.#spans[i]!;
      if (t >= span.from && t < span.to) return span.offset;
    }
    const offset = zoneOffsetMs(t, this.timeZone);
    const later = zoneOffsetMs(t + DAY_MS, this.timeZone);
    // No zone changes its offset twice within a day, so equal ends mean a constant day.
    const to = offset === later ? t + DAY_MS : this.#transitionAfter(t, offset, t + DAY_MS);
    if (this.#spans.length >= MAX_CACHED_SPANS) this.#spans.shift();
    this.#spans.push({ from: t, to, offset });
    return offset;
  }

  /** First instant in (from, to] whose offset differs from `offset` (to second precision). */
  #transitionAfter(from: number, offset: number, to: number): number {
    let low = from;
    let high = to;
    while (high - low > 1000) {
      const middle = low + Math.floor((high - low) / 2000) * 1000;
      if (zoneOffsetMs(middle, this.timeZone) === offset) low = middle;
      else high = middle;
    }
    return high;
  }

  /** The wall-clock time of instant t, as civil milliseconds. */
  toCivil(t: number): number {
    return t + this.offsetAt(t);
  }

  localParts(t: number): ClockParts {
    const civil = this.toCivil(t);
    const day = new Date(civil);
    return {
      date: formatCivilDate(civil),
      minuteOfDay: day.getUTCHours() * 60 + day.getUTCMinutes(),
      weekday: day.getUTCDay(),
    };
  }

  /**
   * The earliest instant whose wall-clock time is at or after `civil`. An
   * ambiguous time (clocks going back) gives its first occurrence; a time
   * skipped by clocks going forward gives the moment the clocks jumped, so a
   * day that "starts" inside the gap still starts at its first real instant.
   */
  fromCivil(civil: number): number {
    const candidates = [
      civil - this.offsetAt(civil - DAY_MS),
      civil - this.offsetAt(civil + DAY_MS),
    ].sort((a, b) => a - b);
    for (const t of candidates) if (this.toCivil(t) === civil) return t;
    // In a gap: wall time jumps past `civil` somewhere between the candidates.
    let low = candidates[0]!;
    let high = candidates[1]!;
    while (high - low > 1000) {
      const middle = low + Math.floor((high - low) / 2000) * 1000;
      if (this.toCivil(middle) >= civil) high = middle;
      else low = middle;
    }
    return high;
  }

  /** The instant the local day `date` begins (its midnight, or the first instant after a gap). */
  startOfDay(date: string): number {
    return this.fromCivil(civilDay(date));
  }

  /**
   * Factory-local ISO 8601 with the offset and no milliseconds, e.g.
   * 2026-11-21T14:00:00+08:00 (same format as dtNowFactory).
   */
  formatIso(t: number): string {
    return isoWithOffset(t, this.offsetAt(t));
  }
}

// ── The simulator's local clock ────────────────────────────────────────────

/**
 * The factory-local wall clock of an instant as the simulator reads it:
 * shifts, office hours and the sun follow local time, not UTC.
 */
export interface LocalClock {
  /** Hour of the local day with fractions: 13.5 = 13:30. */
  hour: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** 1 … 366. */
  dayOfYear: number;
  /** Days since 1970-01-01 of the local date: a key for per-day randomness. */
  dayIndex: number;
}

export function localClock(instant: number, timeZone: string): LocalClock {
  const { year, month, day, hour, minute, second } = localParts(instant, timeZone);
  const dayIndex = Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
  const yearStart = Math.floor(Date.UTC(year, 0, 1) / DAY_MS);
  return {
    hour: hour + minute / 60 + second / 3600,
    weekday: new Date(dayIndex * DAY_MS).getUTCDay(),
    dayOfYear: dayIndex - yearStart + 1,
    dayIndex,
  };
}
