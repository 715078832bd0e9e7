/**
 * The current 15-minute block's demand, predicted while the block runs
 * (issue #15): energy so far in the block plus the recent rate
 * over the rest of the block, divided by the block's 0.25 h.
 *
 * Blocks are the project's 15-minute buckets (UTC quarter hours, which are the
 * factory's quarter hours in every zone with a whole-quarter offset; see
 * modules/rollups/energy/buckets.ts). Energy comes from each measured member's
 * counters, so a missed reading loses no energy: the next reading's rise
 * carries it (the same counter rule as the rollups). Demand is the net draw, as
 * the rollups book it: a member's reverse counter (solar behind the meter)
 * offsets the others, and the block's total is never below 0.
 */
import { HOUR_MS, MINUTE_MS, QUARTER_MS } from '@wattboard/zone-time';

/** One counter reading of a measured node: instant (epoch ms), kWh forward and kWh reverse. */
export interface CounterPoint {
  ts: number;
  kwh: number;
  /** The reverse (export) counter, when the meter has one. */
  kwhReverse?: number | null;
}

/** Net kWh from `from` to `to`: each counter's rise (a counter that went back counts 0). */
function netRise(from: CounterPoint, to: CounterPoint): number {
  const forward = Math.max(0, to.kwh - from.kwh);
  const hasReverse = typeof from.kwhReverse === 'number' && typeof to.kwhReverse === 'number';
  const reverse = hasReverse ? Math.max(0, to.kwhReverse! - from.kwhReverse!) : 0;
  return forward - reverse;
}

/**
 * "Recent rate" = the counter's rise over the last 5 minutes. Chosen with
 * `npm run bench` (BENCH_PARTS=demand) on 7 days of the demo factory's minute
 * readings: the 1-3 minute rates follow every CNC job start and compressor load
 * cycle (3 min: mean error 4.7 % / p95 12.1 % at minute 5, 3.3 % / 8.9 % at
 * minute 10; 5 min: 3.8 % / 9.1 % and 2.5 % / 5.9 %), while a longer one (the
 * block's own average) reacts to a shed channel only slowly. The known change of
 * a shed channel is taken out at once (withoutShedLoads), so the longer window
 * does not make shedding overshoot. Figures: docs/demand.md.
 */
export const RECENT_WINDOW_MS = 5 * MINUTE_MS;

export interface MemberPrediction {
  /** Net kWh since the block's start, up to the newest reading (below 0 while exporting). */
  energySoFarKwh: number;
  /** Net kW over the recent window (0 when there is only one reading). */
  recentKw: number;
  /** Predicted kWh of the whole block for this member. */
  blockKwh: number;
}

export interface BlockPrediction {
  blockStart: number;
  energySoFarKwh: number;
  recentKw: number;
  /** Predicted average kW of the whole block. */
  predictedKw: number;
  /** Members that had a reading in or at the start of the block. */
  members: number;
}

export function blockStartOf(now: number): number {
  return Math.floor(now / QUARTER_MS) * QUARTER_MS;
}

/** The counter at `t`: the newest point at or before it (null when none). */
function counterAt(points: readonly CounterPoint[], t: number): CounterPoint | null {
  let found: CounterPoint | null = null;
  for (const point of points) {
    if (point.ts > t) break;
    found = point;
  }
  return found;
}

/** Points usable for the block: up to `now`, from a quarter hour before the block's start. */
function usablePoints(points: readonly CounterPoint[], blockStart: number, now: number) {
  return points.filter((p) => p.ts <= now && p.ts >= blockStart - QUARTER_MS);
}

/**
 * Net kW over the window ending at the newest reading (0 with a single reading;
 * below 0 while the member exports); with fewer readings, the widest span
 * available (a 5-minute gateway still gets a rate). `points` ascending and
 * usable (see usablePoints).
 */
function rateOf(usable: readonly CounterPoint[], windowMs: number): number {
  const last = usable.at(-1);
  if (!last) return 0;
  const from = counterAt(usable, last.ts - windowMs) ?? usable[0]!;
  const spanH = (last.ts - from.ts) / HOUR_MS;
  return spanH > 0 ? netRise(from, last) / spanH : 0;
}

/** One node's recent rate as the block's prediction sees it (a shed circuit's share, see withoutShedLoads). */
export function recentRate(
  points: readonly CounterPoint[],
  now: number,
  windowMs: number = RECENT_WINDOW_MS,
): number {
  return rateOf(usablePoints(points, blockStartOf(now), now), windowMs);
}

/**
 * One member's share of the block. `points` ascending, up to `now`; the
 * baseline is the newest reading at or before the block start (or, for a
 * member that started reporting inside the block, its first reading). Null
 * when it has no reading inside [blockStart − 15 min, now].
 */
export function predictMember(
  points: readonly CounterPoint[],
  blockStart: number,
  now: number,
  windowMs: number = RECENT_WINDOW_MS,
): MemberPrediction | null {
  const usable = usablePoints(points, blockStart, now);
  const last = usable.at(-1);
  if (!last) return null;
  const base = counterAt(usable, blockStart) ?? usable[0]!;
  const energySoFarKwh = netRise(base, last);
  const recentKw = rateOf(usable, windowMs);
  const blockEnd = blockStart + QUARTER_MS;
  const restH = Math.max(0, blockEnd - Math.max(last.ts, blockStart)) / HOUR_MS;
  return { energySoFarKwh, recentKw, blockKwh: energySoFarKwh + recentKw * restH };
}

/** The block's predicted demand from its measured members' counters (a virtual node sums them). */
export function predictBlock(
  members: readonly (readonly CounterPoint[])[],
  now: number,
  windowMs: number = RECENT_WINDOW_MS,
): BlockPrediction | null {
  const blockStart = blockStartOf(now);
  const parts = members
    .map((points) => predictMember(points, blockStart, now, windowMs))
    .filter((part): part is MemberPrediction => part !== null);
  if (parts.length === 0) return null;
  const sum = (pick: (part: MemberPrediction) => number) =>
    parts.reduce((total, part) => total + pick(part), 0);
  // The members net each other out (solar offsets the loads); the block as a whole
  // draws from the grid or draws nothing.
  return {
    blockStart,
    energySoFarKwh: Math.max(
      0,
      sum((p) => p.energySoFarKwh),
    ),
    recentKw: Math.max(
      0,
      sum((p) => p.recentKw),
    ),
    predictedKw:
      Math.max(
        0,
        sum((p) => p.blockKwh),
      ) /
      (QUARTER_MS / HOUR_MS),
    members: parts.length,
  };
}

/**
 * A channel shed `t` ago still weighs in the recent rate for the rest of the
 * window, though it draws nothing now: take its share of the rate out of the
 * rest of the block, so the next minute's step does not shed another channel
 * for load already gone (nor keeps one off for it). The share is the shed
 * circuit's own measured rate over the same window when it has readings
 * (`recentKw`, exact even for a load that surged just before it was shed);
 * otherwise (a relay on an unmetered circuit) its kW when shed, for the part of
 * the window before the shed.
 */
export function withoutShedLoads(
  prediction: BlockPrediction,
  sheds: readonly { shedAt: number; loadKw: number; recentKw?: number | null }[],
  now: number,
  windowMs: number = RECENT_WINDOW_MS,
): BlockPrediction {
  const restShare = Math.max(0, prediction.blockStart + QUARTER_MS - now) / QUARTER_MS;
  const stale = sheds.reduce((sum, shed) => {
    if (shed.recentKw !== undefined && shed.recentKw !== null) return sum + shed.recentKw;
    const inWindow = Math.max(0, 1 - Math.max(0, now - shed.shedAt) / windowMs);
    return sum + shed.loadKw * inWindow;
  }, 0);
  return { ...prediction, predictedKw: Math.max(0, prediction.predictedKw - stale * restShare) };
}
