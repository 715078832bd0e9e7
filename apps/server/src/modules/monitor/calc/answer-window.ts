import { QUARTER_MS } from '@wattboard/zone-time';
import { MEMBER_RETIRED_MS } from './real-time-demand.ts';

/** The instants [from, until) over which an answer stays the same while its data does. */
export interface AnswerWindow {
  from: number;
  until: number;
}

/** An answer that does not read the clock (a chart of a given range). */
export const TIMELESS: AnswerWindow = { from: -Infinity, until: Infinity };

/**
 * The quarter hour around `now`: an answer that reads the clock only through local days
 * (a consumption query's days so far) holds within it, since every local midnight of the
 * zones in use lies on a quarter hour.
 */
export function quarterHourWindow(now: number): AnswerWindow {
  const from = Math.floor(now / QUARTER_MS) * QUARTER_MS;
  return { from, until: from + QUARTER_MS };
}

/**
 * When the monitor-device answer, its data unchanged, would come out different
 * as the clock moves: at every quarter hour (the complete blocks its demand and
 * energy end with, the heatmap's future slots, the local day and month, whose
 * boundaries lie on quarter hours in every zone in use), and for each member's
 * newest reading time `ts` at `ts` (real-time demand takes the earlier of it
 * and now) and one millisecond after `ts + MEMBER_RETIRED_MS` (a member silent
 * longer than that no longer holds the block back).
 */
export function deviceAnswerWindow(now: number, memberTimes: readonly number[]): AnswerWindow {
  let { from, until } = quarterHourWindow(now);
  for (const ts of memberTimes) {
    for (const flip of [ts, ts + MEMBER_RETIRED_MS + 1]) {
      if (flip <= now) from = Math.max(from, flip);
      else until = Math.min(until, flip);
    }
  }
  return { from, until };
}
