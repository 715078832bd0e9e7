/**
 * Which stored counter highs a recompute must rewrite, and whether it must read
 * further (issue #9). A reading's high depends on every reading before it back
 * to the last real reset, so a new or late reading can change the highs of the
 * readings after it: the chain is followed until a reading's computed high
 * equals its stored one (from there on everything is as stored).
 */
import { counterHighs } from './interval-energy.ts';
import type { RollupSample } from './quarter-rollups.ts';

/** Buckets [from, to) of one node and its samples: all inside plus one before and one after. */
export interface SampleWindow {
  nodeId: number;
  from: number;
  to: number;
  samples: RollupSample[];
}

/** Joins the windows of each node whose bucket ranges overlap or touch (samples united by ts). */
export function mergeWindows(windows: readonly SampleWindow[]): SampleWindow[] {
  const sorted = [...windows].sort((x, y) => x.nodeId - y.nodeId || x.from - y.from);
  const merged: SampleWindow[] = [];
  let current: { window: SampleWindow; byTs: Map<number, RollupSample> } | undefined;
  const flush = () => {
    if (!current) return;
    current.window.samples = [...current.byTs.values()].sort((x, y) => x.ts - y.ts);
    merged.push(current.window);
  };
  for (const window of sorted) {
    if (current && current.window.nodeId === window.nodeId && window.from <= current.window.to) {
      current.window.to = Math.max(current.window.to, window.to);
      for (const sample of window.samples) {
        if (!current.byTs.has(sample.ts)) current.byTs.set(sample.ts, sample);
      }
      continue;
    }
    flush();
    current = {
      window: { ...window },
      byTs: new Map(window.samples.map((sample) => [sample.ts, sample])),
    };
  }
  flush();
  return merged;
}

export interface HighChange {
  nodeId: number;
  ts: number;
  forward: number | null;
  reverse: number | null;
  kvarh: number | null;
}

export interface Settled {
  /** Readings whose stored highs differ from the computed ones. */
  changes: HighChange[];
  /**
   * The first reading at or after the window's end when the chain still changes
   * there: the interval up to it (and maybe later ones) left the window, so the
   * caller must read on from it. null: the window holds every changed interval.
   */
  extendFrom: number | null;
}

/**
 * Computes the window's highs from its first sample's stored state and compares
 * them with the stored ones. `isNew(ts)` marks readings just inserted: their
 * interval changed even when their high did not.
 */
export function settleWindow(window: SampleWindow, isNew: (ts: number) => boolean): Settled {
  const { samples } = window;
  const highs = counterHighs(samples);
  const changes: HighChange[] = [];
  let lastChanged = -1;
  samples.forEach((sample, index) => {
    const high = highs[index]!;
    const differs =
      high.forward !== (sample.forwardHigh ?? null) ||
      high.reverse !== (sample.reverseHigh ?? null) ||
      high.kvarh !== (sample.kvarhHigh ?? null);
    if (differs) {
      changes.push({ nodeId: window.nodeId, ts: sample.ts, ...high });
    }
    if (differs || isNew(sample.ts)) lastChanged = index;
  });
  // Every changed interval must lie inside the window: the one ending at the
  // reading after the last change too. An interval (t1, t2] books into the
  // buckets up to t2's, or the one before when t2 is on a boundary.
  const after = samples.findIndex((sample) => sample.ts >= window.to);
  const extend =
    after !== -1 &&
    (lastChanged >= after || (lastChanged === after - 1 && samples[after]!.ts > window.to));
  return { changes, extendFrom: extend ? samples[after]!.ts : null };
}
