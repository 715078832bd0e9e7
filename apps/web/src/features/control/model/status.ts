import type { ChannelScheduleItem, ControlMethodName } from '@wattboard/contract';
import { formatWallClock, wallClock } from '@wattboard/zone-time';

/**
 * When the device last confirmed, in the factory's zone:
 * HH:mm on the factory's today, yyyy/MM/dd HH:mm before; null when never
 * confirmed or unparsable.
 */
export function confirmationTime(
  dtStatusReported: string | null | undefined,
  zone: string | null,
  factoryNowMs: number,
): string | null {
  if (!dtStatusReported) return null;
  const instant = Date.parse(dtStatusReported);
  if (Number.isNaN(instant)) return null;
  const at = wallClock(instant, zone);
  const now = wallClock(factoryNowMs, zone);
  const sameDay = at.year === now.year && at.month === now.month && at.day === now.day;
  return formatWallClock(at, sameDay ? 'HH:mm' : 'yyyy/MM/dd HH:mm');
}

/** Translation key of a control method ("Switch", "Ir Control"). */
export function methodKey(method: ControlMethodName | undefined): string | null {
  if (method === 'Switch') return 'control.modes.switch';
  if (method === 'IR Control') return 'control.modes.irControl';
  return null;
}

/** The methods of a group's channels, once each (a group is normally one kind). */
export function groupMethods(
  channels: readonly { controlMethod?: ControlMethodName }[],
): ControlMethodName[] {
  return [...new Set(channels.flatMap((c) => (c.controlMethod ? [c.controlMethod] : [])))];
}

/**
 * The state a channel is on its way to and the device has not confirmed yet,
 * or null when nothing is pending. A command in flight says so itself; before
 * the server has sent one (the master switch or the action just changed), the
 * page knows what must follow: a group switched off holds its channels off, and
 * an action of on or off names the state. Timer and auto depend on the
 * schedule, which the server decides; an offline channel is shown as offline.
 */
export function pendingSwitch(
  channel: Pick<ChannelScheduleItem, 'action' | 'status' | 'pendingState'>,
  groupIsOn: boolean,
): 'on' | 'off' | null {
  if (channel.pendingState) {
    return channel.pendingState === channel.status ? null : channel.pendingState;
  }
  if (channel.status === 'offline') return null;
  const expected = !groupIsOn
    ? 'off'
    : channel.action === 'on' || channel.action === 'off'
      ? channel.action
      : null;
  return expected !== null && expected !== channel.status ? expected : null;
}
