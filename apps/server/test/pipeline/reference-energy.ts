/**
 * An independent reference for the property test: the energy per bucket of a
 * series written out longhand from the energy rules (reset rule, even spreading over
 * gaps), not through the production code.
 */
export interface Step {
  gapMs: number;
  kind: 'grow' | 'noise' | 'reset';
  amount: number;
}

interface Series {
  role: string;
  steps: { ts: number; value: number }[];
  /** The reverse counter is i × 0.5 at the i-th reading. */
  reverse: boolean;
}

export interface Energy {
  forward: Map<number, number>;
  reverse: Map<number, number>;
}

const Q = 15 * 60_000;
const H = 60 * 60_000;
const D = 24 * H;

/** Adds e accrued evenly over (t1, t2] to the buckets of width w (offset o) it overlaps. */
function addSpread(into: Map<number, number>, t1: number, t2: number, e: number, w: number, o = 0) {
  for (let start = Math.floor((t1 + o) / w) * w - o; start < t2; start += w) {
    const overlap = Math.min(start + w, t2) - Math.max(start, t1);
    if (overlap > 0) into.set(start, (into.get(start) ?? 0) + (e * overlap) / (t2 - t1));
  }
}

/** Energy of each interval under the reset rule: below half the high is a reset, else noise. */
function intervals(values: number[]): number[] {
  let high = values[0]!;
  return values.slice(1).map((v) => {
    if (v >= high) {
      const e = v - high;
      high = v;
      return e;
    }
    if (v < high / 2) {
      high = v;
      return Math.max(v, 0);
    }
    return 0;
  });
}

/**
 * Reference energy per `table/role` (roles: the series' own, plus area = sum of
 * all, root = the same here) for 15-minute, hourly and daily buckets.
 */
export function referenceEnergy(
  series: readonly Series[],
  zoneOffsetMs: number,
): Map<string, Energy> {
  const result = new Map<string, Energy>();
  const add = (key: string, column: keyof Energy, t1: number, t2: number, e: number) => {
    const entry = result.get(key) ?? { forward: new Map(), reverse: new Map() };
    result.set(key, entry);
    const [table] = key.split('/');
    if (table === 'rollups_15m') addSpread(entry[column], t1, t2, e, Q);
    else if (table === 'rollups_1h') addSpread(entry[column], t1, t2, e, H);
    else addSpread(entry[column], t1, t2, e, D, zoneOffsetMs);
  };
  for (const { role, steps, reverse } of series) {
    const forward = intervals(steps.map((s) => s.value));
    for (let i = 1; i < steps.length; i++) {
      const [t1, t2] = [steps[i - 1]!.ts, steps[i]!.ts];
      for (const table of ['rollups_15m', 'rollups_1h', 'rollups_1d']) {
        for (const owner of [role, 'area', 'root']) {
          add(`${table}/${owner}`, 'forward', t1, t2, forward[i - 1]!);
          if (reverse) add(`${table}/${owner}`, 'reverse', t1, t2, 0.5);
        }
      }
    }
  }
  return result;
}
