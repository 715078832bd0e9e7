import type { ZoneClock } from '@wattboard/zone-time';

/** One year's grid emission factor of a factory (docs/carbon.md). */
export interface YearFactor {
  year: number;
  /** kg CO2e per kWh bought from the grid in that local year. */
  kgPerKwh: number;
}

/** The factor a year uses and the year whose entry it came from. */
export interface AppliedFactor {
  kgPerKwh: number;
  /** The entry's year: `year` itself, or an earlier (later) one standing in for it. */
  fromYear: number;
}

/**
 * The factor for energy used in `year`: that year's own entry; else the latest
 * earlier year's (a year's factor is published the following spring, so until
 * then the last published one stands in — provisional, and replaced the day
 * its own is entered); else, for a year before every entry, the earliest one.
 * Null when there is no entry at all.
 */
export function factorForYear(factors: readonly YearFactor[], year: number): AppliedFactor | null {
  let earlier: YearFactor | null = null;
  let earliest: YearFactor | null = null;
  for (const entry of factors) {
    if (entry.year === year) return { kgPerKwh: entry.kgPerKwh, fromYear: entry.year };
    if (entry.year < year && (earlier === null || entry.year > earlier.year)) earlier = entry;
    if (earliest === null || entry.year < earliest.year) earliest = entry;
  }
  const chosen = earlier ?? earliest;
  return chosen === null ? null : { kgPerKwh: chosen.kgPerKwh, fromYear: chosen.year };
}

/** The local year of a civil date 'YYYY-MM-DD'. */
export const yearOfDate = (date: string): number => Number(date.slice(0, 4));

/**
 * A factory's CO2 rates: each kWh uses the factor of its own local year, so
 * entering next year's factor never re-prices last year.
 */
export interface Co2Rates {
  /** kg CO2e per kWh used on a local date 'YYYY-MM-DD'. */
  ofDate(date: string): number;
  /** kg CO2e per kWh used at an instant (its local year in the factory's zone). */
  at(instant: number): number;
  ofYear(year: number): number;
}

/** Rates from a factory's entries; `fallback` only when it has none (never in practice). */
export function co2Rates(factors: readonly YearFactor[], clock: ZoneClock, fallback = 0): Co2Rates {
  const byYear = new Map<number, number>();
  const ofYear = (year: number): number => {
    let rate = byYear.get(year);
    if (rate === undefined) {
      rate = factorForYear(factors, year)?.kgPerKwh ?? fallback;
      byYear.set(year, rate);
    }
    return rate;
  };
  return {
    ofYear,
    ofDate: (date) => ofYear(yearOfDate(date)),
    at: (instant) => ofYear(yearOfDate(clock.localParts(instant).date)),
  };
}

/** One rate for every year: for callers (and tests) that have a single factor. */
export function flatCo2Rates(kgPerKwh: number): Co2Rates {
  return { ofYear: () => kgPerKwh, ofDate: () => kgPerKwh, at: () => kgPerKwh };
}

/**
 * The range cut at each local New Year inside it, so every part lies in one
 * year and takes that year's factor. A range within one year is one part.
 */
export function splitAtNewYears(
  range: { from: number; to: number },
  clock: ZoneClock,
): { from: number; to: number; year: number }[] {
  if (range.to <= range.from) return [];
  const parts: { from: number; to: number; year: number }[] = [];
  let from = range.from;
  let year = yearOfDate(clock.localParts(from).date);
  while (from < range.to) {
    const nextYear = clock.startOfDay(`${String(year + 1).padStart(4, '0')}-01-01`);
    const to = Math.min(range.to, nextYear);
    parts.push({ from, to, year });
    from = to;
    year += 1;
  }
  return parts;
}
