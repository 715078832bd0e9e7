/** Half-open time ranges [from, to) in epoch ms. */
export interface TimeRange {
  from: number;
  to: number;
}

/** The union of the ranges as sorted, disjoint ranges (touching ones are joined). */
export function mergeRanges(ranges: readonly TimeRange[]): TimeRange[] {
  const sorted = ranges.filter((r) => r.to > r.from).sort((a, b) => a.from - b.from);
  const merged: TimeRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.from <= last.to) last.to = Math.max(last.to, range.to);
    else merged.push({ ...range });
  }
  return merged;
}

/**
 * Groups sorted instants into clusters whose neighbours are at most maxGap apart;
 * each cluster is returned as its first and last instant.
 */
export function clusterInstants(
  sortedInstants: readonly number[],
  maxGap: number,
): { first: number; last: number }[] {
  const clusters: { first: number; last: number }[] = [];
  for (const instant of sortedInstants) {
    const current = clusters.at(-1);
    if (current && instant - current.last <= maxGap) current.last = instant;
    else clusters.push({ first: instant, last: instant });
  }
  return clusters;
}

/** Closed instants [from, to] of one node. */
export interface NodeSpan {
  nodeId: number;
  from: number;
  to: number;
}

/**
 * Joins each node's spans that overlap or lie at most maxGap apart, so work
 * marked by many batches is done once per stretch of time; spans further apart
 * stay separate. Sorted by node, then time.
 */
export function clusterSpans(spans: readonly NodeSpan[], maxGap: number): NodeSpan[] {
  const sorted = [...spans].sort((a, b) => a.nodeId - b.nodeId || a.from - b.from);
  const result: NodeSpan[] = [];
  for (const span of sorted) {
    const last = result.at(-1);
    if (last && last.nodeId === span.nodeId && span.from - last.to <= maxGap) {
      last.to = Math.max(last.to, span.to);
    } else result.push({ ...span });
  }
  return result;
}
