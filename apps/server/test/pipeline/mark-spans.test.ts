import { describe, expect, it } from 'vitest';
import { decodeMarkSpans, encodeMarkSpans } from '../../src/modules/rollups/mark-spans.ts';

const T = Date.parse('2026-05-01T00:00:00Z');

describe('rollup mark spans', () => {
  it('lists the nodes that share bounds once (a live batch is one group)', () => {
    const spans = [7, 8, 9].map((nodeId) => ({ nodeId, from: T, to: T }));
    expect(encodeMarkSpans(spans)).toEqual([{ lo: T, hi: T, n: [7, 8, 9] }]);
  });

  it('gives back the same spans, whatever their bounds', () => {
    const spans = [
      { nodeId: 7, from: T, to: T + 60_000 },
      { nodeId: 8, from: T, to: T + 60_000 },
      { nodeId: 7, from: T + 86_400_000, to: T + 86_400_000 },
      { nodeId: 9, from: T - 1, to: T + 1 },
    ];
    const stored = JSON.parse(JSON.stringify(encodeMarkSpans(spans))) as Parameters<
      typeof decodeMarkSpans
    >[0];
    const back = decodeMarkSpans(stored);
    const key = (s: { nodeId: number; from: number; to: number }) =>
      `${s.nodeId}:${s.from}:${s.to}`;
    expect(back.map(key).sort()).toEqual(spans.map(key).sort());
    expect(stored).toHaveLength(3);
  });

  it('reads marks written by earlier versions, also merged with new ones', () => {
    const old = { node_id: 5, lo: '2026-05-01T00:00:00.000Z', hi: '2026-05-01T00:15:00.000Z' };
    expect(decodeMarkSpans([old, { lo: T, hi: T, n: [6] }])).toEqual([
      { nodeId: 5, from: T, to: T + 15 * 60_000 },
      { nodeId: 6, from: T, to: T },
    ]);
  });
});
