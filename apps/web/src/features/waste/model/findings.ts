import type { WasteFindingItem, WasteKind } from '@wattboard/contract';

/** The finding's kind in words: a key under pages.waste.kinds (both languages). */
export function kindKey(kind: WasteKind): string {
  return `pages.waste.kinds.${kind}`;
}

/** What a finding is known by in a list: one point has one finding of a kind starting at a time. */
export function findingKey(finding: Pick<WasteFindingItem, 'nodeId' | 'kind' | 'start'>): string {
  return `${finding.nodeId}:${finding.kind}:${finding.start}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

/**
 * When a finding ran, on the factory's clock: the server sends factory-local
 * times with their offset, so the wall clock is the text itself (no zone
 * lookup, right on a PC in another zone). The end drops its date when it is
 * the start's day. Text that is no such time is shown as it came.
 */
export function findingPeriod(start: string, end: string): { from: string; to: string } {
  const a = LOCAL.exec(start);
  const b = LOCAL.exec(end);
  if (!a || !b) return { from: start, to: end };
  const from = `${a[1]}/${a[2]}/${a[3]} ${a[4]}:${a[5]}`;
  const sameDay = a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
  const to = sameDay ? `${b[4]}:${b[5]}` : `${b[1]}/${b[2]}/${b[3]} ${b[4]}:${b[5]}`;
  return { from, to };
}

export interface WeekTotals {
  count: number;
  kwhPerWeek: number;
  /** Null when any finding has no price (the factory has no tariff): a partial sum would mislead. */
  costPerWeek: number | null;
  co2KgPerWeek: number;
}

const round = (value: number, places: number) => {
  const scale = 10 ** places;
  return Math.round(value * scale) / scale;
};

/**
 * What the findings add up to in a week. Each finding's figures are already
 * per week (docs/waste.md), so the sum is what fixing all of them would save
 * a week; rounded like the figures, so float noise never shows as 0.01 off.
 */
export function weekTotals(findings: readonly WasteFindingItem[]): WeekTotals {
  let kwh = 0;
  let cost: number | null = 0;
  let co2 = 0;
  for (const finding of findings) {
    kwh += finding.kwhPerWeek;
    co2 += finding.co2KgPerWeek;
    cost = cost === null || finding.costPerWeek === null ? null : cost + finding.costPerWeek;
  }
  return {
    count: findings.length,
    kwhPerWeek: round(kwh, 3),
    costPerWeek: cost === null ? null : round(cost, 2),
    co2KgPerWeek: round(co2, 3),
  };
}
