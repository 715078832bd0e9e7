/**
 * How a rollup mark stores the spans of its batch (rollup_marks.spans, jsonb).
 *
 * Grouped: the nodes that share one [lo, hi] (epoch ms) are listed once,
 * `[{"lo":…,"hi":…,"n":[ids]}]`. A live batch (one reading per node, one
 * instant) is then one small group instead of a span per node with two ISO
 * instants each: ~3 KB of jsonb per 40-reading batch (over the TOAST
 * threshold, so compressed on write) became ~0.2 KB, which the acknowledged
 * statement and the worker's take both parse (issue #9, live ingest speed).
 * Marks written by earlier versions (`[{"node_id","lo","hi"}]`, ISO
 * instants) are still read: a restarted server finishes them.
 */
import type { ChangedSpan } from './repo/load-window.ts';

/** One group: the nodes whose changed readings span [lo, hi] (epoch ms). */
export interface MarkGroup {
  lo: number;
  hi: number;
  n: number[];
}

/** The spans as the mark stores them, grouped by their bounds (first-seen order). */
export function encodeMarkSpans(spans: readonly ChangedSpan[]): MarkGroup[] {
  const groups = new Map<string, MarkGroup>();
  for (const span of spans) {
    const key = `${span.from}:${span.to}`;
    const group = groups.get(key);
    if (group) group.n.push(span.nodeId);
    else groups.set(key, { lo: span.from, hi: span.to, n: [span.nodeId] });
  }
  return [...groups.values()];
}

/** A stored element: a group, or a single span as earlier versions wrote it. */
export type StoredMarkElement = MarkGroup | { node_id: number; lo: string; hi: string };

/** The spans a stored mark names, from either form (a mark may hold both after a merge). */
export function decodeMarkSpans(stored: readonly StoredMarkElement[]): ChangedSpan[] {
  const spans: ChangedSpan[] = [];
  for (const element of stored) {
    if ('n' in element) {
      for (const nodeId of element.n) spans.push({ nodeId, from: element.lo, to: element.hi });
    } else {
      spans.push({
        nodeId: element.node_id,
        from: Date.parse(element.lo),
        to: Date.parse(element.hi),
      });
    }
  }
  return spans;
}
