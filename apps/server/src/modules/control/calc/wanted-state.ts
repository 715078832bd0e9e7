import type { AutoEntry, ChannelAction, WeeklyTimer } from '@wattboard/contract';
import type { WeekSlot } from './slot.ts';

export type SwitchState = 'on' | 'off';

/** What the scheduler knows about one channel at one minute. */
export interface ChannelSituation {
  action: ChannelAction;
  /** The group's master switch: off forces the channel off. */
  groupIsOn: boolean;
  timer: WeeklyTimer | null;
  auto: readonly AutoEntry[] | null;
  /** The state the scheduler last asked for (the signal's "last state" between the marks). */
  lastWanted: SwitchState | null;
  /** The detect node's consumption, kW; null when it has no fresh reading. */
  detectKw: number | null;
}

/** One day's timer row says on or off for this slot; a missing row or slot is off. */
function fromTimerRow(row: readonly number[] | undefined, slot: number): SwitchState {
  return row?.[slot] === 1 ? 'on' : 'off';
}

/**
 * The signal rule with hysteresis: above the high mark do highAction, below the
 * low mark do lowAction, in between (or without a reading) keep the last state.
 */
function fromSignal(
  entry: Extract<AutoEntry, { type: 'signal' }>,
  situation: ChannelSituation,
): SwitchState | null {
  const kw = situation.detectKw;
  if (kw !== null && kw > entry.highWaterMark) return entry.highAction;
  if (kw !== null && kw < entry.lowWaterMark) return entry.lowAction;
  return situation.lastWanted;
}

/**
 * The state a channel should be in now: the master switch first,
 * then the action — on, off, timer (today's row at this slot) or auto (today's
 * entry: a timer row, the signal, or off). Null means "no opinion yet" (a signal
 * between its marks before it ever decided): nothing is sent.
 */
export function wantedState(situation: ChannelSituation, at: WeekSlot): SwitchState | null {
  if (!situation.groupIsOn) return 'off';
  switch (situation.action) {
    case 'on':
      return 'on';
    case 'off':
      return 'off';
    case 'timer':
      return fromTimerRow(situation.timer?.[at.weekday], at.slot);
    case 'auto': {
      const entry = situation.auto?.[at.weekday];
      if (!entry || entry.type === 'off') return 'off';
      if (entry.type === 'timer') return fromTimerRow(entry.timer, at.slot);
      return fromSignal(entry, situation);
    }
  }
}
