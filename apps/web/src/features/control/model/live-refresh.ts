import type { QueryKey } from '@tanstack/react-query';
import type { ControlChangedPayload } from '@wattboard/contract';

export const CHANNEL_GROUP_KEY = 'channel-group';
export const CHANNEL_SCHEDULE_KEY = 'channel-schedule';

/**
 * Which cached answers a ControlChanged push makes stale: the group list
 * always (statuses, actions, master switches), a channel's schedule only
 * when the push names that channel.
 */
export function refreshesOnControlChange(
  queryKey: QueryKey,
  payload: Pick<ControlChangedPayload, 'channelScheduleIds'>,
): boolean {
  const [root, raw] = queryKey;
  if (root === CHANNEL_GROUP_KEY) return true;
  if (root !== CHANNEL_SCHEDULE_KEY) return false;
  const id = (typeof raw === 'object' && raw !== null ? raw : {}) as {
    channelScheduleId?: unknown;
  };
  return (
    typeof id.channelScheduleId === 'number' &&
    payload.channelScheduleIds.includes(id.channelScheduleId)
  );
}
