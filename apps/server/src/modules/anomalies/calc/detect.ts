/**
 * Whether a point's load is away from its typical day (issue #27, decision
 * 0082), as pure functions: each complete quarter hour is judged once, in
 * order, against the point's own typical kW for it; a run of away quarters
 * long enough opens an anomaly, the first quarter back inside the margin
 * clears it.
 */
import { MINUTE_MS, QUARTER_MS } from '@wattboard/zone-time';

export type AnomalyDirection = 'above' | 'below';

/** The factory's rule (Admin › Factory). */
export interface AnomalyRule {
  /** Away: more than this % of the typical kW from it … */
  marginPercent: number;
  /** … and more than this many kW (a small load's 30 % is noise). */
  minKw: number;
  /** For at least this long (a multiple of 15). */
  minutes: number;
}

export const DEFAULT_ANOMALY_RULE: AnomalyRule = { marginPercent: 30, minKw: 3, minutes: 60 };

/** Where a point's judging stands between two looks. Instants in ms. */
export interface AnomalyState {
  status: 'normal' | 'anomaly';
  /** The open episode's direction and the start of its first away quarter; null when normal. */
  direction: AnomalyDirection | null;
  since: number | null;
  /** The away quarters just before judgedTo that may become an episode; null when none. */
  runDirection: AnomalyDirection | null;
  runStart: number | null;
  /** The end of the newest quarter judged. */
  judgedTo: number;
}

/** One complete quarter: the point's mean kW and its typical kW; null when unknown. */
export interface JudgedQuarter {
  start: number;
  kw: number | null;
  baselineKw: number | null;
}

export type AnomalyChange =
  | {
      type: 'open';
      direction: AnomalyDirection;
      /** The start of the run's first away quarter. */
      since: number;
      /** The end of the quarter that made the run long enough. */
      at: number;
      /** That quarter's kW and typical kW. */
      kw: number;
      baselineKw: number;
    }
  | { type: 'clear'; direction: AnomalyDirection; at: number };

/** A point seen for the first time: normal, judged up to `from`. */
export function freshState(from: number): AnomalyState {
  return {
    status: 'normal',
    direction: null,
    since: null,
    runDirection: null,
    runStart: null,
    judgedTo: from,
  };
}

/** The allowed distance from the typical kW: the larger of the margin and the minimum. */
export function allowedKw(baselineKw: number, rule: AnomalyRule): number {
  return Math.max((Math.abs(baselineKw) * rule.marginPercent) / 100, rule.minKw);
}

/** Above or below when strictly more than the allowed distance away; null when within (or on) it. */
export function awayDirection(
  kw: number,
  baselineKw: number,
  rule: AnomalyRule,
): AnomalyDirection | null {
  const allowed = allowedKw(baselineKw, rule);
  if (kw - baselineKw > allowed) return 'above';
  if (baselineKw - kw > allowed) return 'below';
  return null;
}

const noRun = { runDirection: null, runStart: null } as const;

/**
 * Judges the quarters after state.judgedTo, in time order (older ones were
 * judged already and are skipped). A quarter not right after the previous
 * one, or without a measurement or a typical kW (no baseline yet, a meter
 * gap), breaks a run: nobody knows what happened there. It does not clear
 * an open anomaly either; only a quarter measured back within the margin
 * does, or one away the other way (which may start the next episode).
 */
export function judgeQuarters(
  state: AnomalyState,
  quarters: readonly JudgedQuarter[],
  rule: AnomalyRule,
): { state: AnomalyState; changes: AnomalyChange[] } {
  const changes: AnomalyChange[] = [];
  let s = state;
  const sorted = [...quarters].sort((a, b) => a.start - b.start);
  for (const quarter of sorted) {
    if (quarter.start < s.judgedTo) continue;
    const end = quarter.start + QUARTER_MS;
    const contiguous = quarter.start === s.judgedTo;
    if (!contiguous) s = { ...s, ...noRun };
    if (quarter.kw === null || quarter.baselineKw === null) {
      s = { ...s, ...noRun, judgedTo: end };
      continue;
    }
    const direction = awayDirection(quarter.kw, quarter.baselineKw, rule);
    if (s.status === 'anomaly' && s.direction !== direction) {
      changes.push({ type: 'clear', direction: s.direction!, at: end });
      s = { ...s, status: 'normal', direction: null, since: null };
    }
    if (direction === null) {
      s = { ...s, ...noRun, judgedTo: end };
      continue;
    }
    const runStart =
      s.runDirection === direction && s.runStart !== null ? s.runStart : quarter.start;
    s = { ...s, runDirection: direction, runStart, judgedTo: end };
    if (s.status === 'normal' && end - runStart >= rule.minutes * MINUTE_MS) {
      changes.push({
        type: 'open',
        direction,
        since: runStart,
        at: end,
        kw: quarter.kw,
        baselineKw: quarter.baselineKw,
      });
      s = { ...s, status: 'anomaly', direction, since: runStart };
    }
  }
  return { state: s, changes };
}
