import type { BaselineDayType } from '@wattboard/contract';
import {
  baselineDays,
  medianProfile,
  type DayProfile,
  type LocalPartsOf,
} from '../../baseline/index.ts';
import { quantile, robustSpread } from './stats.ts';
import { QUARTER_MS, type QuarterKw, type WorkingCalendar } from './types.ts';

export interface PointInput {
  pointId: number;
  /** Measured quarters in any order; a quarter left out is a gap. */
  quarters: readonly QuarterKw[];
}

export interface FinderContext {
  partsOf: LocalPartsOf;
  dayTypeOf: (date: string) => BaselineDayType;
  calendar: WorkingCalendar;
}

/**
 * A point laid out on an unbroken quarter-hour timeline: what it drew, what
 * its typical day says it draws then, and whether anyone works then.
 */
export interface PointView {
  pointId: number;
  times: number[];
  dates: string[];
  /** kW drawn (export counts as 0: the finder is about consumption); null where not measured. */
  kw: (number | null)[];
  /** The typical kW of the quarter (median of earlier days of its type); null without one. */
  ref: (number | null)[];
  working: boolean[];
  /** The earlier days each day's typical day is made of (newest first). */
  referenceDays: Map<string, string[]>;
  /** kW above the typical day that counts as abnormal for this point. */
  thresholdKw: number;
  /** The point's high working load (95th percentile of its quarters). */
  peakKw: number;
}

/** A day needs this many earlier days of its type before it is judged at all. */
export const MIN_REFERENCE_DAYS = 3;
/** Excess under this is never waste: meter noise and rounding. */
export const MIN_EXCESS_KW = 0.3;
/** Excess under this share of the point's high load is within its normal swing. */
export const PEAK_SHARE = 0.1;
/** Excess must also stand this many robust spreads above the point's usual off-hours wobble. */
export const NOISE_SPREADS = 4;

function isWorking(calendar: WorkingCalendar, date: string, minuteOfDay: number): boolean {
  return calendar(date).some(([from, to]) => minuteOfDay >= from && minuteOfDay < to);
}

export function pointView(input: PointInput, context: FinderContext): PointView | null {
  if (input.quarters.length === 0) return null;
  const sorted = [...input.quarters].sort((a, b) => a.start - b.start);
  const measured = new Map(sorted.map((q) => [q.start, Math.max(0, q.kw)]));
  const profiles = new Map<string, Map<number, number>>();
  const times: number[] = [];
  const dates: string[] = [];
  const minutes: number[] = [];
  for (let t = sorted[0]!.start; t <= sorted.at(-1)!.start; t += QUARTER_MS) {
    const { date, minuteOfDay } = context.partsOf(t);
    const minute = minuteOfDay - (minuteOfDay % 15);
    times.push(t);
    dates.push(date);
    minutes.push(minute);
    const kw = measured.get(t);
    if (kw === undefined) continue;
    const day = profiles.get(date) ?? new Map<number, number>();
    profiles.set(date, day);
    day.set(minute, kw);
  }
  const referenceDays = new Map<string, string[]>();
  const typical = new Map<string, DayProfile | null>();
  for (const date of profiles.keys()) {
    const days = baselineDays(date, context.dayTypeOf, profiles);
    referenceDays.set(date, days);
    typical.set(date, days.length >= MIN_REFERENCE_DAYS ? medianProfile(days, profiles) : null);
  }
  const kw = times.map((t) => measured.get(t) ?? null);
  const ref = times.map((_, i) => typical.get(dates[i]!)?.get(minutes[i]!) ?? null);
  const working = times.map((_, i) => isWorking(context.calendar, dates[i]!, minutes[i]!));
  const residuals: number[] = [];
  kw.forEach((value, i) => {
    if (!working[i] && value !== null && ref[i] !== null) residuals.push(value - ref[i]!);
  });
  const peakKw = quantile([...measured.values()], 0.95) ?? 0;
  const thresholdKw = Math.max(
    MIN_EXCESS_KW,
    PEAK_SHARE * peakKw,
    NOISE_SPREADS * robustSpread(residuals),
  );
  return {
    pointId: input.pointId,
    times,
    dates,
    kw,
    ref,
    working,
    referenceDays,
    thresholdKw,
    peakKw,
  };
}
