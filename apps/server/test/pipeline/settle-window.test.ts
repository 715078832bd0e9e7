import { describe, expect, it } from 'vitest';
import {
  clusterSpans,
  mergeWindows,
  settleWindow,
  type RollupSample,
  type SampleWindow,
} from '../../src/modules/rollups/energy/index.ts';

const Q = 15 * 60_000;
const s = (ts: number, forward: number, forwardHigh: number | null = null): RollupSample => ({
  ts,
  kw: 1,
  forward,
  reverse: 0,
  forwardHigh,
  reverseHigh: null,
});
const window = (from: number, to: number, samples: RollupSample[]): SampleWindow => ({
  nodeId: 7,
  from,
  to,
  samples,
});
const none = () => false;

describe('settleWindow', () => {
  it('changes nothing when every stored high is what the chain computes', () => {
    const w = window(Q, 3 * Q, [s(0, 1), s(Q, 2), s(2 * Q, 3), s(3 * Q, 4)]);
    expect(settleWindow(w, none)).toEqual({ changes: [], extendFrom: null });
  });

  it('reports the high a late reading gives the readings after it', () => {
    // 105 arrives late between 100 and 104.99: 104.99 is now a step back below 105.
    const w = window(0, 3 * Q, [s(0, 100), s(Q, 105), s(2 * Q, 104.99), s(3 * Q, 106)]);
    const settled = settleWindow(w, (ts) => ts === Q);
    expect(settled.changes).toEqual([
      { nodeId: 7, ts: 2 * Q, forward: 105, reverse: null, kvarh: null },
    ]);
    expect(settled.extendFrom).toBeNull();
  });

  it('keeps the kvarh counter’s high as the kWh counters’ (issue #24)', () => {
    const k = (ts: number, kvarh: number) => ({ ...s(ts, ts / Q), kvarh });
    const w = window(0, 3 * Q, [k(0, 50), k(Q, 52), k(2 * Q, 51.99), k(3 * Q, 53)]);
    expect(settleWindow(w, none).changes).toEqual([
      { nodeId: 7, ts: 2 * Q, forward: null, reverse: null, kvarh: 52 },
    ]);
  });

  it('asks to read on when the chain still changes at the window’s last reading', () => {
    const w = window(0, 2 * Q, [s(0, 100), s(Q, 105), s(2 * Q, 104.9)]);
    expect(settleWindow(w, (ts) => ts === Q).extendFrom).toBe(2 * Q);
  });

  it('asks to read on when a new reading is the last inside and one follows', () => {
    const w = window(0, 2 * Q, [s(0, 100), s(Q, 101), s(5 * Q, 110)]);
    expect(settleWindow(w, (ts) => ts === Q).extendFrom).toBe(5 * Q);
  });

  it('does not read on past the last reading there is', () => {
    const w = window(0, 2 * Q, [s(0, 100), s(Q, 101)]);
    expect(settleWindow(w, (ts) => ts === Q).extendFrom).toBeNull();
  });
});

describe('mergeWindows', () => {
  it('joins windows of a node that overlap or touch and unites their samples', () => {
    const merged = mergeWindows([
      window(2 * Q, 4 * Q, [s(Q, 1), s(2 * Q, 2), s(4 * Q, 4)]),
      window(0, 2 * Q, [s(0, 0), s(Q, 1), s(2 * Q, 2)]),
      window(10 * Q, 11 * Q, [s(9 * Q, 9), s(10 * Q, 10)]),
    ]);
    expect(merged.map((w) => [w.from, w.to, w.samples.map((x) => x.ts)])).toEqual([
      [0, 4 * Q, [0, Q, 2 * Q, 4 * Q]],
      [10 * Q, 11 * Q, [9 * Q, 10 * Q]],
    ]);
  });

  it('keeps the windows of different nodes apart', () => {
    const other = { ...window(0, Q, [s(0, 1)]), nodeId: 8 };
    expect(mergeWindows([window(0, Q, [s(0, 1)]), other])).toHaveLength(2);
  });
});

describe('clusterSpans', () => {
  it('joins a node’s spans that overlap or lie within the gap, and keeps the rest apart', () => {
    const spans = [
      { nodeId: 1, from: 50, to: 60 },
      { nodeId: 1, from: 0, to: 10 },
      { nodeId: 2, from: 5, to: 6 },
      { nodeId: 1, from: 12, to: 20 },
      { nodeId: 1, from: 8, to: 9 },
    ];
    expect(clusterSpans(spans, 2)).toEqual([
      { nodeId: 1, from: 0, to: 20 },
      { nodeId: 1, from: 50, to: 60 },
      { nodeId: 2, from: 5, to: 6 },
    ]);
  });
});
