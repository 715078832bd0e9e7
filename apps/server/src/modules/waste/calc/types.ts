/**
 * The waste finder's vocabulary (issue #27, docs/waste.md). A finding says
 * which point wasted how much, when, and of what kind; pricing it (NT$, kg
 * CO2) is left to the caller, who knows the tariff and the year's factor.
 */
export type WasteKind =
  /** Load above the point's typical day while nobody works: nights, weekends, holidays. */
  | 'offHours'
  /** The load kept running for a while after a shift ended, then stopped. */
  | 'overrun'
  /** The point's night-time base load has risen over weeks (a leak, a worn part). */
  | 'creep'
  /** The steady draw of a point that follows the shifts, left on when nobody works. */
  | 'standby';

export interface WasteFinding {
  pointId: number;
  kind: WasteKind;
  /** Instants (epoch ms): when the waste began and ended (or the end of the data). */
  start: number;
  end: number;
  /** Energy above what the point usually draws then, over [start, end). */
  kwh: number;
  /** kWh spread over the weeks the finding lasted, or all of it when it lasted under a week. */
  kwhPerWeek: number;
}

/** Working periods of a local day as [from, to) minutes of the day; none on a day off. */
export type WorkingCalendar = (date: string) => ReadonlyArray<readonly [number, number]>;

/** A quarter hour of a point: its start (instant) and mean kW; absent quarters were not measured. */
export interface QuarterKw {
  start: number;
  kw: number;
}

export const QUARTER_MS = 15 * 60_000;
export const DAY_MS = 24 * 3_600_000;
export const WEEK_MS = 7 * DAY_MS;

/** kWh over a span as kWh per week: a finding shorter than a week counts whole. */
export function perWeek(kwh: number, start: number, end: number): number {
  return (kwh * WEEK_MS) / Math.max(WEEK_MS, end - start);
}

/** A base-load rise under this is never reported: meter noise. */
export const MIN_EXCESS_KW_CREEP = 0.3;
