import { queryOptions, useQuery } from '@tanstack/react-query';
import { costSummary } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import { hasCredentials } from '@/lib/session';
import { pollInterval, retryUnlessAnswered } from './query-policy';

/** Its own root (not 'overview'): a push refreshes it through refreshesOnPush like the Overview. */
export const COST_SUMMARY_KEY = 'overview-cost';

export function fetchCostSummary(factoryId: number) {
  return callApi(costSummary, { factoryId });
}

export function costSummaryQueryOptions(email: string, live = false) {
  return queryOptions({
    queryKey: [COST_SUMMARY_KEY, { email, factoryId: CALLERS_FACTORY }] as const,
    queryFn: () => fetchCostSummary(CALLERS_FACTORY),
    enabled: () => hasCredentials(),
    refetchInterval: pollInterval(live),
    retry: retryUnlessAnswered,
  });
}

/** POST /v1/Web/Cost/Summary: today's and this month's cost, the projected bill, demand charge and penalty. */
export function useCostSummary({ live = false }: { live?: boolean } = {}) {
  const session = useSession();
  return useQuery(costSummaryQueryOptions(session?.email ?? '', live));
}
