import { MINUTE_MS, QUARTER_MS } from '@wattboard/zone-time';
import { sheddable, type ActiveShed, type ShedCandidate } from './shed.ts';

/** What automatic shedding will do about a predicted excess (issue #28). */
export type ShedOutlook =
  | { kind: 'off' }
  | { kind: 'nothing-left' }
  | {
      kind: 'channels';
      /** In the order shedding switches them off, one a minute, until their load covers the excess. */
      channels: { name: string; chName: string; loadKw: number | null }[];
      /** Their summed load, kW (a channel without a monitored circuit counts 0). */
      coversKw: number;
    };

export interface WarningPlan {
  /** Whole minutes left in the block (rounded up; 1 in its last minute). */
  minutesLeft: number;
  /**
   * kW the draw must drop by now, for the rest of the block, for the block to
   * end at the target; null in the block's last half minute (too late to act).
   */
  reductionKw: number | null;
  shedding: ShedOutlook;
}

export interface WarningPlanInput {
  now: number;
  blockStart: number;
  predictedKw: number;
  targetKw: number;
  autoShed: boolean;
  candidates: readonly ShedCandidate[];
  /** Channels shed before this minute. */
  active: readonly ActiveShed[];
  minOffMs: number;
}

/** Below this much of the block left, a reduction figure would be huge and useless. */
const TOO_LATE_MS = 30_000;

/**
 * The warning's advice, pure: how long the block still runs, how many kW must
 * come off now to end it at the target, and which channels shedding will
 * switch off for it. The prediction is the energy so far plus the recent rate
 * over the rest, so ending at the target needs the rate to drop by
 * (predicted − target) × block / rest.
 */
export function demandWarningPlan(input: WarningPlanInput): WarningPlan {
  const leftMs = Math.max(0, input.blockStart + QUARTER_MS - input.now);
  const excessKw = Math.max(0, input.predictedKw - input.targetKw);
  const reductionKw = leftMs < TOO_LATE_MS ? null : (excessKw * QUARTER_MS) / leftMs;
  return {
    minutesLeft: Math.max(1, Math.ceil(leftMs / MINUTE_MS)),
    reductionKw,
    shedding: outlook(input, reductionKw ?? excessKw),
  };
}

function outlook(input: WarningPlanInput, neededKw: number): ShedOutlook {
  if (!input.autoShed) return { kind: 'off' };
  const next = sheddable(input.candidates, input.active, input.now, input.minOffMs);
  if (next.length === 0) return { kind: 'nothing-left' };
  const channels: { name: string; chName: string; loadKw: number | null }[] = [];
  let coversKw = 0;
  for (const channel of next) {
    channels.push({
      name: channel.name ?? `#${channel.channelId}`,
      chName: channel.chName ?? channel.name ?? `#${channel.channelId}`,
      loadKw: channel.loadKw,
    });
    coversKw += Math.max(0, channel.loadKw ?? 0);
    if (coversKw >= neededKw) break;
  }
  return { kind: 'channels', channels, coversKw };
}
