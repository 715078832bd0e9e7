import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { overviewPowerChart } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import { hasCredentials } from '@/lib/session';
import { pollInterval, retryUnlessAnswered } from './query-policy';

export const POWER_CHART_KEY = 'overview-power-chart';

export function fetchPowerChart(date: string) {
  return callApi(overviewPowerChart, { factoryId: CALLERS_FACTORY, date });
}

/** A past day is over, so only today's chart polls (when the hub does not push). */
export function powerChartQueryOptions(
  email: string,
  date: string,
  isToday: boolean,
  live = false,
) {
  return queryOptions({
    queryKey: [POWER_CHART_KEY, { email, factoryId: CALLERS_FACTORY, date }] as const,
    queryFn: () => fetchPowerChart(date),
    enabled: () => hasCredentials(),
    refetchInterval: isToday ? pollInterval(live) : false,
    retry: retryUnlessAnswered,
    placeholderData: keepPreviousData,
  });
}

/** POST /v1/Web/Overview/PowerChart: the root's 96 quarter hours of a factory-local day. */
export function usePowerChart(date: string, today: string, { live = false } = {}) {
  const session = useSession();
  return useQuery(powerChartQueryOptions(session?.email ?? '', date, date === today, live));
}
