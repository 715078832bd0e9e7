import { queryOptions, useQuery } from '@tanstack/react-query';
import { demandStatusGet } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import { hasCredentials } from '@/lib/session';
import { pollInterval } from './query-policy';

/** Its own root (not 'overview'): a push refreshes it through refreshesOnPush like the Overview. */
export const DEMAND_STATUS_KEY = 'overview-demand-status';

export async function fetchDemandStatus(factoryId: number) {
  return (await callApi(demandStatusGet, { factoryId })).demand;
}

export function demandStatusQueryOptions(email: string, live = false) {
  return queryOptions({
    queryKey: [DEMAND_STATUS_KEY, { email, factoryId: CALLERS_FACTORY }] as const,
    queryFn: () => fetchDemandStatus(CALLERS_FACTORY),
    enabled: () => hasCredentials(),
    refetchInterval: pollInterval(live),
    // A failed read leaves the card's other figures as they are (the line shows '—').
    retry: false,
  });
}

/** POST /v1/Demand/Status: this quarter hour's predicted demand against the target. */
export function useDemandStatus({ live = false }: { live?: boolean } = {}) {
  const session = useSession();
  return useQuery(demandStatusQueryOptions(session?.email ?? '', live));
}
