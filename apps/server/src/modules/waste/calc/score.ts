import { DAY_MS, type WasteFinding, type WasteKind } from './types.ts';

/** What was injected: a point, a kind and when (simulator/waste-cases.ts). */
export interface LabelledCase {
  nodeId: number;
  kind: WasteKind;
  from: number;
  to: number;
}

export interface WasteScore {
  cases: number;
  found: number;
  findings: number;
  falseFindings: number;
  missed: LabelledCase[];
  unexplained: WasteFinding[];
}

const overlaps = (f: WasteFinding, c: LabelledCase) =>
  f.pointId === c.nodeId && f.start < c.to && f.end > c.from;

/**
 * How well findings match labelled cases. A case is found when a finding of
 * its point and kind overlaps it and starts within a day of it (a creep can
 * not be dated to the day, so for it the overlap is enough). A finding is
 * false when it overlaps no case of its point at all: one that names real
 * injected waste under another kind is not false, only not a find.
 */
export function scoreFindings(
  cases: readonly LabelledCase[],
  findings: readonly WasteFinding[],
  withinMs = DAY_MS,
): WasteScore {
  const isFound = (c: LabelledCase) =>
    findings.some(
      (f) =>
        overlaps(f, c) &&
        f.kind === c.kind &&
        (c.kind === 'creep' || Math.abs(f.start - c.from) <= withinMs),
    );
  const missed = cases.filter((c) => !isFound(c));
  const unexplained = findings.filter((f) => !cases.some((c) => overlaps(f, c)));
  return {
    cases: cases.length,
    found: cases.length - missed.length,
    findings: findings.length,
    falseFindings: unexplained.length,
    missed,
    unexplained,
  };
}
