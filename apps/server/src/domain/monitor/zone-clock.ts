import { zoneOffsetMs } from '../zoned-parts.ts';
import { DAY_MS, formatCivilDate, MINUTE_MS } from './civil-date.ts';

/** The zone's UTC offset at instant t, in ms, straight from Intl (slow: ~3 µs). */
function exactOffset(timeZone: string, t: number): number {
  return zoneOffsetMs(t, timeZone);
}

interface OffsetSpan {
  from: number;
  to: number;
  offset: number;
}

const MAX_CACHED_SPANS = 64;

/** Local wall-clock parts of an instant. */
export interface LocalParts {
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
    const offset = exactOffset(this.timeZone, t);
    const later = exactOffset(this.timeZone, t + DAY_MS);
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
      if (exactOffset(this.timeZone, middle) === offset) low = middle;
      else high = middle;
    }
    return high;
  }

  /** The wall-clock time of instant t, as civil milliseconds. */
  toCivil(t: number): number {
    return t + this.offsetAt(t);
  }

  localParts(t: number): LocalParts {
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
    return this.fromCivil(Date.parse(`${date}T00:00:00Z`));
  }

  /**
   * Factory-local ISO 8601 with the offset and no milliseconds, e.g.
   * 2026-11-21T14:00:00+08:00 (same format as dtNowFactory).
   */
  formatIso(t: number): string {
    const offset = this.offsetAt(t);
    const civil = new Date(t + offset).toISOString().slice(0, 19);
    const sign = offset < 0 ? '-' : '+';
    const minutes = Math.abs(offset) / MINUTE_MS;
    const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
    const mm = String(minutes % 60).padStart(2, '0');
    return `${civil}${sign}${hh}:${mm}`;
  }
}
