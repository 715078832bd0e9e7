import { z } from 'zod';
import {
  DAY_TYPES,
  SEASONS,
  tariffDefinition,
  type TariffDefinition,
  type TouRange,
} from './tariff.ts';
import { accountProblems } from './tariff-account-rules.ts';

/**
 * The checks of a tariff beyond its fields' formats, shared by the server
 * (it refuses with the message) and the Admin page (it can show them early).
 */

export interface TariffProblem {
  path: (string | number)[];
  message: string;
}

/** Minutes since midnight of HH:mm (24:00 → 1440). */
export function clockMinutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

const LEAP_YEAR = 2024;
const dayOfYear = (md: string) =>
  (Date.UTC(LEAP_YEAR, Number(md.slice(0, 2)) - 1, Number(md.slice(3, 5))) -
    Date.UTC(LEAP_YEAR, 0, 1)) /
  86_400_000;
const isRealMonthDay = (md: string) =>
  /^\d\d-\d\d$/.test(md) &&
  new Date(Date.UTC(LEAP_YEAR, Number(md.slice(0, 2)) - 1, Number(md.slice(3, 5))))
    .toISOString()
    .slice(5, 10) === md;

/** Seasons cover every day of a (leap) year exactly once. */
function seasonProblems(t: TariffDefinition): TariffProblem[] {
  const owner = new Array<number>(366).fill(-1);
  for (const [i, range] of t.seasons.entries()) {
    for (const key of ['from', 'to'] as const) {
      if (!isRealMonthDay(range[key])) {
        return [{ path: ['seasons', i, key], message: `seasons[${i}].${key} is not a real day` }];
      }
    }
    const from = dayOfYear(range.from);
    const to = dayOfYear(range.to);
    for (let k = 0; k < 366; k += 1) {
      const d = (from + k) % 366;
      if (owner[d] !== -1) {
        return [{ path: ['seasons', i], message: `seasons[${i}] overlaps seasons[${owner[d]}]` }];
      }
      owner[d] = i;
      if (d === to) break;
    }
  }
  const gap = owner.indexOf(-1);
  if (gap === -1) return [];
  const md = new Date(Date.UTC(LEAP_YEAR, 0, 1 + gap)).toISOString().slice(5, 10);
  return [{ path: ['seasons'], message: `seasons must cover the whole year (${md} is missing)` }];
}

/** The ranges of one day cover [00:00, 24:00) once. */
export function rangesProblem(ranges: readonly TouRange[]): string | null {
  const sorted = ranges
    .map((r) => ({ from: clockMinutes(r.from), to: clockMinutes(r.to) }))
    .sort((a, b) => a.from - b.from);
  let at = 0;
  for (const r of sorted) {
    if (r.to <= r.from) return 'each range must end after it starts';
    if (r.from < at) return 'ranges must not overlap';
    if (r.from > at) return `ranges must cover the whole day (a gap at ${hhmm(at)})`;
    at = r.to;
  }
  return at === 1440 ? null : `ranges must cover the whole day (a gap at ${hhmm(at)})`;
}
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Every season × day type once, each day's ranges whole; holidays unique; the low-voltage fields' rules. */
export function tariffProblems(t: TariffDefinition): TariffProblem[] {
  const problems = seasonProblems(t);
  const seen = new Set<string>();
  for (const [i, day] of t.days.entries()) {
    const key = `${day.season}/${day.dayType}`;
    if (seen.has(key)) {
      problems.push({ path: ['days', i], message: `days[${i}] repeats ${key}` });
    }
    seen.add(key);
    const problem = rangesProblem(day.ranges);
    if (problem) problems.push({ path: ['days', i, 'ranges'], message: `days[${i}]: ${problem}` });
  }
  for (const s of SEASONS) {
    for (const d of DAY_TYPES) {
      if (!seen.has(`${s}/${d}`)) {
        problems.push({ path: ['days'], message: `days is missing ${s}/${d}` });
      }
    }
  }
  const dates = new Set<string>();
  for (const [i, holiday] of t.holidays.entries()) {
    if (dates.has(holiday.date)) {
      problems.push({ path: ['holidays', i, 'date'], message: `holidays repeat ${holiday.date}` });
    }
    dates.add(holiday.date);
  }
  return [...problems, ...accountProblems(t)];
}

/**
 * A tariff as the Admin page sends it: the fields' formats, then (only when
 * they all pass, hence the pipe) tariffProblems.
 */
export const validTariff = tariffDefinition.pipe(
  z.custom<TariffDefinition>().superRefine((t, ctx) => {
    for (const problem of tariffProblems(t)) {
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    }
  }),
);
