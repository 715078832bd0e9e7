import { MIN_EXCESS_KW, type PointView } from './point-view.ts';
import { quantile } from './stats.ts';
import { DAY_MS, perWeek, QUARTER_MS, type WasteFinding } from './types.ts';

/** Standby is judged on the last four weeks: what the point does now. */
const STANDBY_WINDOW_DAYS = 28;
/** A point whose off-hours draw is over half its working draw runs all the time by design. */
const STANDBY_MAX_SHARE = 0.5;
/** Under 3 % of its high load a point is as off as it gets. */
const STANDBY_MIN_PEAK_SHARE = 0.03;

/**
 * The steady draw of a point that follows the shifts (machines idling, lights
 * dimmed, chargers waiting) while nobody works: the median of its off-hours
 * quarters over the window, against the median of its working quarters. A
 * point that draws as much at night as by day (a server room) is not on
 * standby; it is simply on, and not reported.
 */
export function standbyFinding(view: PointView): WasteFinding | null {
  const end = view.times.at(-1)! + QUARTER_MS;
  const from = end - STANDBY_WINDOW_DAYS * DAY_MS;
  const off: number[] = [];
  const work: number[] = [];
  view.times.forEach((t, i) => {
    const kw = view.kw[i];
    if (t < from || kw === null || kw === undefined) return;
    (view.working[i] ? work : off).push(kw);
  });
  const offKw = quantile(off, 0.5);
  const workKw = quantile(work, 0.5);
  if (offKw === null || workKw === null || workKw <= 0) return null;
  if (offKw > STANDBY_MAX_SHARE * workKw) return null;
  if (offKw < Math.max(MIN_EXCESS_KW, STANDBY_MIN_PEAK_SHARE * view.peakKw)) return null;
  const offQuarters = view.times.filter((t, i) => t >= from && !view.working[i]).length;
  const start = Math.max(from, view.times[0]!);
  const kwh = (offKw * offQuarters) / 4;
  return {
    pointId: view.pointId,
    kind: 'standby',
    start,
    end,
    kwh,
    kwhPerWeek: perWeek(kwh, start, end),
  };
}
