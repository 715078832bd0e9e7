import { addDays } from '@wattboard/zone-time';
import type { PointView } from './point-view.ts';
import { quantile, robustSpread } from './stats.ts';
import { MIN_EXCESS_KW_CREEP, QUARTER_MS, type WasteFinding } from './types.ts';

/** A working day's base load is the low tenth of its off-hours quarters: the night's floor. */
const BASE_QUANTILE = 0.1;
/** A night with fewer measured off-hours quarters (4 h) tells no floor. */
const MIN_NIGHT_QUARTERS = 16;
/**
 * The base now is the median of the last 14 days' floors (so a few odd nights,
 * lights left on three nights running, do not move it); it is compared with the
 * median of a fortnight that ended four weeks earlier.
 */
const RECENT_DAYS = 14;
const EARLIER_FROM_DAYS = 42;
const EARLIER_TO_DAYS = 28;
const MIN_WINDOW_DAYS = 5;
/** A rise counts beyond 5 % of the point's high load, 10 % of its old base, and 4 spreads. */
const CREEP_PEAK_SHARE = 0.05;
const CREEP_BASE_SHARE = 0.1;
const CREEP_SPREADS = 4;

/** Each working day's night-time floor, kW (days off are left out: their floor is another one). */
export function nightFloors(view: PointView): Map<string, number> {
  const nights = new Map<string, number[]>();
  const workDays = new Set<string>();
  view.times.forEach((_, i) => {
    const date = view.dates[i]!;
    if (view.working[i]) workDays.add(date);
    const kw = view.kw[i];
    if (view.working[i] || kw === null || kw === undefined) return;
    nights.set(date, [...(nights.get(date) ?? []), kw]);
  });
  const floors = new Map<string, number>();
  for (const [date, kws] of nights) {
    if (workDays.has(date) && kws.length >= MIN_NIGHT_QUARTERS) {
      floors.set(date, quantile(kws, BASE_QUANTILE)!);
    }
  }
  return floors;
}

const windowOf = (floors: Map<string, number>, after: string, upTo: string) =>
  [...floors].filter(([date]) => date > after && date <= upTo).map(([, kw]) => kw);

interface Verdict {
  date: string;
  earlier: number;
  recent: number;
  thresholdKw: number;
}

/** The days on which the base has risen beyond the threshold against four weeks before. */
export function creepVerdicts(view: PointView, floors: Map<string, number>): (Verdict | null)[] {
  return [...floors.keys()].map((date) => {
    const recentKws = windowOf(floors, addDays(date, -RECENT_DAYS), date);
    const earlierKws = windowOf(
      floors,
      addDays(date, -EARLIER_FROM_DAYS),
      addDays(date, -EARLIER_TO_DAYS),
    );
    if (recentKws.length < MIN_WINDOW_DAYS || earlierKws.length < MIN_WINDOW_DAYS) return null;
    const recent = quantile(recentKws, 0.5)!;
    const earlier = quantile(earlierKws, 0.5)!;
    const thresholdKw = Math.max(
      MIN_EXCESS_KW_CREEP,
      CREEP_PEAK_SHARE * view.peakKw,
      CREEP_BASE_SHARE * earlier,
      CREEP_SPREADS * robustSpread(earlierKws),
    );
    return recent - earlier > thresholdKw ? { date, earlier, recent, thresholdKw } : null;
  });
}

/**
 * A base load creeping up: runs of days whose base stands above the base of
 * four weeks before. The finding starts on the first day (back from the first
 * verdict) whose floor was already half the threshold up, and is priced at
 * the latest rise, all hours of the week (a leak never sleeps).
 */
export function creepFindings(view: PointView): WasteFinding[] {
  const floors = nightFloors(view);
  const dates = [...floors.keys()];
  const verdicts = creepVerdicts(view, floors);
  const findings: WasteFinding[] = [];
  let i = 0;
  while (i < verdicts.length) {
    const first = verdicts[i];
    if (!first) {
      i += 1;
      continue;
    }
    let last = first;
    while (verdicts[i + 1]) last = verdicts[(i += 1)]!;
    i += 1;
    let startIndex = dates.indexOf(first.date);
    const risen = (d: string) => floors.get(d)! > first.earlier + first.thresholdKw / 2;
    while (startIndex > 0 && risen(dates[startIndex - 1]!)) startIndex -= 1;
    const startDate = dates[startIndex]!;
    const start = view.times[view.dates.indexOf(startDate)]!;
    const end = Math.min(
      view.times.at(-1)! + QUARTER_MS,
      view.times[view.dates.lastIndexOf(last.date)]! + QUARTER_MS,
    );
    const excesses = dates
      .slice(startIndex, dates.indexOf(last.date) + 1)
      .map((d) => Math.max(0, floors.get(d)! - first.earlier));
    const meanExcess = excesses.reduce((sum, kw) => sum + kw, 0) / excesses.length;
    findings.push({
      pointId: view.pointId,
      kind: 'creep',
      start,
      end,
      kwh: (meanExcess * (end - start)) / 3_600_000,
      kwhPerWeek: Math.max(0, last.recent - first.earlier) * 168,
    });
  }
  return findings;
}
