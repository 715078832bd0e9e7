import { queryOptions, useQuery } from '@tanstack/react-query';
import { overview } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import { hasCredentials } from '@/lib/session';
import { pollInterval, retryUnlessAnswered } from './query-policy';

export const OVERVIEW_KEY = 'overview';

export function fetchOverview(factoryId: number) {
  return callApi(overview, { factoryId });
}

/** `live` only decides whether to poll; it is not an input of the answer, so not in the key. */
export function overviewQueryOptions(email: string, live = false) {
  return queryOptions({
    queryKey: [OVERVIEW_KEY, { email, factoryId: CALLERS_FACTORY }] as const,
    queryFn: () => fetchOverview(CALLERS_FACTORY),
    enabled: () => hasCredentials(),
    refetchInterval: pollInterval(live),
    retry: retryUnlessAnswered,
  });
}

/** POST /v1/Web/Overview: the factory at a glance (demand, usage, tree, ranking, diary...). */
export function useOverview({ live = false }: { live?: boolean } = {}) {
  const session = useSession();
  return useQuery(overviewQueryOptions(session?.email ?? '', live));
}
