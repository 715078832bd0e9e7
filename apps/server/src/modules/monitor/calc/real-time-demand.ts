import { DAY_MS, MINUTE_MS, QUARTER_MS } from '@wattboard/zone-time';

/**
 * Which 15-minute block is "Real Time Demand" (issue #9,
 * docs/decisions/0018-demand-blocks-and-range-bounds.md).
 *
 * A block's energy is the counter's rise from the reading before it to the
 * reading after it, so the block is known only once a reading at or after its
 * end is stored: before that its rollup holds the energy up to the newest
 * reading only (at 17:30:00 the 17:15 block lacked its last minute, 6–7 % low;
 * a 5-minute gateway's lacked a third). So the real-time figure is the newest
 * block that has ended by `now` AND whose closing reading is stored.
 */
/**
 * How long after a block's end its closing reading is waited for. Past that
 * the node is silent: the block is given up as unknown (null), never shown
 * with the partial energy it holds (that is how a silent meter showed 0).
 * Fifteen minutes lets a gateway that uploads every quarter hour, a little
 * late, keep a figure, while a dead one blanks within half an hour.
 */
export const DEMAND_GRACE_MS = 15 * MINUTE_MS;

/**
 * A virtual node's member silent for longer than this is taken as removed
 * (decommissioned, or out for repair), not as an outage: it no longer holds
 * the sum back, or a dead sub-meter would blank the factory's demand forever.
 */
export const MEMBER_RETIRED_MS = DAY_MS;

/** Start of the newest block that has ended by instant t: the block a reading at t closes. */
export function blockClosedBy(t: number): number {
  return Math.floor(t / QUARTER_MS) * QUARTER_MS - QUARTER_MS;
}

/**
 * Start of the newest block of ONE measured node that is complete: it ended by
 * `now` and a reading at or after its end is stored (the node's newest reading
 * is at `latestTs`). Null when the node has never reported.
 */
export function completeBlockStart(latestTs: number | null, now: number): number | null {
  if (latestTs === null) return null;
  return blockClosedBy(Math.min(latestTs, now));
}

/**
 * The block whose demand is the node's real-time demand, or null (show no
 * figure). `memberLatest` is the newest reading time of each measured node the
 * figure is made of: the node itself, or a virtual node's measured members.
 *
 * - A virtual node's block is complete when every member's is, so the oldest
 *   member decides. Members that never reported (null) contribute nothing to
 *   the sum and are skipped; members silent for MEMBER_RETIRED_MS likewise.
 * - Once the block after the complete one is overdue by more than
 *   DEMAND_GRACE_MS (its end + grace has passed without its closing reading),
 *   the node is silent and the answer is null.
 */
export function realTimeDemandBlock(
  memberLatest: readonly (number | null)[],
  now: number,
): number | null {
  const live = memberLatest.filter(
    (ts): ts is number => ts !== null && now - ts <= MEMBER_RETIRED_MS,
  );
  if (live.length === 0) return null;
  const start = completeBlockStart(Math.min(...live), now);
  if (start === null) return null;
  const nextBlockEnd = start + 2 * QUARTER_MS;
  return now < nextBlockEnd + DEMAND_GRACE_MS ? start : null;
}
