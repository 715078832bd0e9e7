import type { ChannelStatus } from '@wattboard/contract';
import type { SwitchState } from './wanted-state.ts';

/** A device that has not confirmed a command within this long is offline. */
export const CONFIRM_TIMEOUT_MS = 60_000;
/**
 * At most one command per channel per minute (no relay chatter). Ticks run a
 * minute apart but may drift by a few seconds, so the guard is a little shorter.
 */
export const MIN_COMMAND_INTERVAL_MS = 55_000;
/** An offline device is asked again this long after the last attempt, not every minute. */
export const OFFLINE_RETRY_MS = 5 * 60_000;

export interface CommandHistory {
  /** The device's last confirmed (or reported) state, or offline. */
  status: ChannelStatus;
  /** A command still waiting for its confirmation, if any. */
  pendingSince: number | null;
  /** When the last command to this channel was sent (anti-chatter). */
  lastCommandAt: number | null;
  /** IR channels: the selected options differ from the ones the device confirmed. */
  optionsChanged: boolean;
  /**
   * A person just changed this channel or its group's master switch. The
   * once-a-minute guard is against the scheduler's own flapping (a signal near
   * its marks); a person's switch is followed at once, both ways (issue #23).
   */
  byPerson?: boolean;
}

export type CommandReason = 'switch' | 'options' | 'retry';
export type CommandPlan = { send: SwitchState; reason: CommandReason } | { send: null };

const NOTHING: CommandPlan = { send: null };

/** Has a command sent at `sentAt` gone unconfirmed too long? */
export function confirmationOverdue(sentAt: number, now: number): boolean {
  return now - sentAt >= CONFIRM_TIMEOUT_MS;
}

/**
 * Whether a command goes out now: only when the wanted state differs from the
 * confirmed one (or a running IR unit's options changed), never while one
 * awaits its confirmation, at most once a minute unless a person asked, and
 * to an offline device only every few minutes.
 */
export function planCommand(
  wanted: SwitchState | null,
  history: CommandHistory,
  now: number,
): CommandPlan {
  if (wanted === null) return NOTHING;
  if (history.pendingSince !== null && !confirmationOverdue(history.pendingSince, now)) {
    return NOTHING;
  }
  const sinceLast = history.lastCommandAt === null ? Infinity : now - history.lastCommandAt;
  const byPerson = history.byPerson === true;
  if (sinceLast < MIN_COMMAND_INTERVAL_MS && !byPerson) return NOTHING;
  if (history.status === 'offline') {
    return sinceLast >= OFFLINE_RETRY_MS || byPerson ? { send: wanted, reason: 'retry' } : NOTHING;
  }
  if (history.status !== wanted) return { send: wanted, reason: 'switch' };
  if (wanted === 'on' && history.optionsChanged) return { send: 'on', reason: 'options' };
  return NOTHING;
}
