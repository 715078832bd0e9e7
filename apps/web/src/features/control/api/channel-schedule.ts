import { queryOptions, useQuery } from '@tanstack/react-query';
import { channelSchedule } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { hasCredentials } from '@/lib/session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import { CHANNEL_SCHEDULE_KEY } from '../model/live-refresh';

export { CHANNEL_SCHEDULE_KEY };

export async function fetchChannelSchedule(factoryId: number, channelScheduleId: number) {
  const { optionInfo, schedule } = await callApi(channelSchedule, { factoryId, channelScheduleId });
  return { optionInfo, schedule };
}

export type ChannelScheduleData = Awaited<ReturnType<typeof fetchChannelSchedule>>;

export function channelScheduleKey(
  email: string,
  channelScheduleId: number,
  factoryId: number = CALLERS_FACTORY,
) {
  return [CHANNEL_SCHEDULE_KEY, { email, factoryId, channelScheduleId }] as const;
}

export function channelScheduleQueryOptions(
  email: string,
  channelScheduleId: number,
  factoryId: number = CALLERS_FACTORY,
) {
  return queryOptions({
    queryKey: channelScheduleKey(email, channelScheduleId, factoryId),
    queryFn: () => fetchChannelSchedule(factoryId, channelScheduleId),
    enabled: () => channelScheduleId > 0 && hasCredentials(),
  });
}

/** POST /v1/Channel/Schedule: a channel's options (IR) and its timer and auto weeks. */
export function useChannelSchedule(channelScheduleId: number) {
  const session = useSession();
  return useQuery(channelScheduleQueryOptions(session?.email ?? '', channelScheduleId));
}
