/**
 * The report's keyset cursor: the last row's reading time (UTC ISO with ms)
 * and channel id, `2026-11-21T06:03:00.000Z~42` (contract `reportCursor`).
 * Rows are ordered by (ts, channel id), so "after" is exact without offsets.
 */
export interface RowKey {
  ts: number;
  nodeId: number;
}

export function encodeCursor(key: RowKey): string {
  return `${new Date(key.ts).toISOString()}~${key.nodeId}`;
}

/** The key of a cursor, or null when it is not one the report wrote. */
export function decodeCursor(cursor: string): RowKey | null {
  const [time, node, extra] = cursor.split('~');
  if (time === undefined || node === undefined || extra !== undefined) return null;
  const ts = Date.parse(time);
  const nodeId = Number(node);
  if (Number.isNaN(ts) || !/^\d{1,10}$/.test(node) || !Number.isSafeInteger(nodeId)) return null;
  return { ts, nodeId };
}

/** True when row a comes strictly after b in report order. */
export function isAfter(a: RowKey, b: RowKey): boolean {
  return a.ts > b.ts || (a.ts === b.ts && a.nodeId > b.nodeId);
}
