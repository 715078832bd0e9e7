import { queryOptions, useQuery } from '@tanstack/react-query';
import { channelGroup } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import { CHANNEL_GROUP_KEY } from '../model/live-refresh';

export { CHANNEL_GROUP_KEY };

/**
 * The scheduler switches channels and devices confirm on their own; the hub's
 * ControlChanged pushes refetch at once, and without them the list polls.
 */
export const CONTROL_POLL_MS = 30_000;

export async function fetchChannelGroups(factoryId: number) {
  const { groupList, channelScheduleList } = await callApi(channelGroup, { factoryId });
  return { groupList, channelScheduleList };
}

export type ChannelGroups = Awaited<ReturnType<typeof fetchChannelGroups>>;

export function channelGroupKey(email: string, factoryId: number = CALLERS_FACTORY) {
  return [CHANNEL_GROUP_KEY, { email, factoryId }] as const;
}

/** `live` (hub pushes arrive) only decides whether to poll; it is not an input, so not in the key. */
export function channelGroupQueryOptions(
  email: string,
  live = false,
  factoryId: number = CALLERS_FACTORY,
) {
  return queryOptions({
    queryKey: channelGroupKey(email, factoryId),
    queryFn: () => fetchChannelGroups(factoryId),
    refetchInterval: live ? false : CONTROL_POLL_MS,
  });
}

/** POST /v1/Channel/Group: the caller's factory's groups and their channels. */
export function useChannelGroups({ live = false }: { live?: boolean } = {}) {
  const session = useSession();
  return useQuery(channelGroupQueryOptions(session?.email ?? '', live));
}
