import { queryOptions, useQuery } from '@tanstack/react-query';
import { channelList } from '@wattboard/contract';
import { callApi } from '../api-client';
import { useSession } from '../hooks/use-session';

/** The channel list is requested with factoryId 0 (the caller's factory). */
export const CALLERS_FACTORY = 0;

export async function fetchChannelList(factoryId: number) {
  const response = await callApi(channelList, { factoryId });
  // When the answer arrived: the clock derives the factory's "now" from it.
  return { ...response, receivedAt: Date.now() };
}

export type ChannelListData = Awaited<ReturnType<typeof fetchChannelList>>;

export function channelListQueryOptions(email: string, factoryId: number = CALLERS_FACTORY) {
  return queryOptions({
    queryKey: ['channel-list', { email, factoryId }] as const,
    queryFn: () => fetchChannelList(factoryId),
    // The node tree changes rarely; the clock keeps ticking without refetching.
    staleTime: 5 * 60_000,
  });
}

/** The caller's factory node tree, flattened, plus dtNowFactory. */
export function useChannelList() {
  const session = useSession();
  return useQuery(channelListQueryOptions(session?.email ?? ''));
}
