import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { consumptionQuery } from '@wattboard/contract';
import type { SegmentInfo } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import { canQueryDevice, pollInterval, retryUnlessAnswered } from './query-policy';

export const CONSUMPTION_KEY = 'monitor-consumption';

export interface ConsumptionRequest {
  deviceId: number;
  segmentInfo: SegmentInfo;
}

export function consumptionQueryOptions(email: string, request: ConsumptionRequest, live = false) {
  return queryOptions({
    queryKey: [CONSUMPTION_KEY, { email, ...request }] as const,
    queryFn: () =>
      callApi(consumptionQuery, {
        factoryId: CALLERS_FACTORY,
        deviceId: request.deviceId,
        segmentInfo: request.segmentInfo,
      }),
    enabled: () => canQueryDevice(request.deviceId),
    // A range that includes today keeps growing; the totals follow like the rest of the page.
    refetchInterval: pollInterval(live),
    retry: retryUnlessAnswered,
    placeholderData: keepPreviousData,
  });
}

/** Total and daily-average energy and CO2 of the chosen days, weekdays and hours. */
export function useConsumptionQuery(
  request: ConsumptionRequest,
  { live = false }: { live?: boolean } = {},
) {
  const session = useSession();
  return useQuery(consumptionQueryOptions(session?.email ?? '', request, live));
}
