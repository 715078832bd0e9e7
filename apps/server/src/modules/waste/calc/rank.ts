import { DAY_MS, perWeek, type WasteFinding } from './types.ts';

/** Episodes of one point and kind this close together are one finding: lights left on all week. */
export const MERGE_GAP_MS = DAY_MS;

/** Joins a point's nightly or weekly episodes of one kind into a finding each. */
export function mergeEpisodes(findings: readonly WasteFinding[]): WasteFinding[] {
  const sorted = [...findings].sort((a, b) => a.start - b.start);
  const merged: WasteFinding[] = [];
  for (const finding of sorted) {
    const previous = merged.findLast(
      (m) => m.pointId === finding.pointId && m.kind === finding.kind,
    );
    if (
      previous &&
      (finding.kind === 'offHours' || finding.kind === 'overrun') &&
      finding.start - previous.end <= MERGE_GAP_MS
    ) {
      previous.end = Math.max(previous.end, finding.end);
      previous.kwh += finding.kwh;
      previous.kwhPerWeek = perWeek(previous.kwh, previous.start, previous.end);
    } else merged.push({ ...finding });
  }
  return merged;
}

/** Most kWh per week first; the earlier first among equals, so the order is stable. */
export function rankFindings(findings: readonly WasteFinding[]): WasteFinding[] {
  return [...findings].sort((a, b) => b.kwhPerWeek - a.kwhPerWeek || a.start - b.start);
}

export interface PricedFinding extends WasteFinding {
  ntdPerWeek: number;
  kgCo2PerWeek: number;
}

/**
 * A finding in money and carbon, at a price and factor the caller chose: the
 * mean NT$/kWh of the hours it ran (tariff) and the kg CO2/kWh of its year.
 */
export function priceFinding(
  finding: WasteFinding,
  price: { ntdPerKwh: number; kgCo2PerKwh: number },
): PricedFinding {
  return {
    ...finding,
    ntdPerWeek: finding.kwhPerWeek * price.ntdPerKwh,
    kgCo2PerWeek: finding.kwhPerWeek * price.kgCo2PerKwh,
  };
}
