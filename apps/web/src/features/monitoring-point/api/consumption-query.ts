import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { consumptionQuery } from '@wattboard/contract';
import type { SegmentInfo } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import { canQueryDevice, MONITOR_POLL_MS, retryUnlessAnswered } from './query-policy';

export interface ConsumptionRequest {
  deviceId: number;
  segmentInfo: SegmentInfo;
}

export function consumptionQueryOptions(email: string, request: ConsumptionRequest) {
  return queryOptions({
    queryKey: ['monitor-consumption', { email, ...request }] as const,
    queryFn: () =>
      callApi(consumptionQuery, {
        factoryId: CALLERS_FACTORY,
        deviceId: request.deviceId,
        segmentInfo: request.segmentInfo,
      }),
    enabled: () => canQueryDevice(request.deviceId),
    // A range that includes today keeps growing; the totals follow like the rest of the page.
    refetchInterval: MONITOR_POLL_MS,
    retry: retryUnlessAnswered,
    placeholderData: keepPreviousData,
  });
}

/** Total and daily-average energy and CO2 of the chosen days, weekdays and hours. */
export function useConsumptionQuery(request: ConsumptionRequest) {
  const session = useSession();
  return useQuery(consumptionQueryOptions(session?.email ?? '', request));
}
