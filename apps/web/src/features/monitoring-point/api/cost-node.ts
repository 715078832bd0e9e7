import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { costNode } from '@wattboard/contract';
import type { EnergyInterval, SegmentInfo } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import { canQueryDevice, pollInterval, retryUnlessAnswered } from './query-policy';

export const COST_NODE_KEY = 'monitor-cost';

export interface CostNodeRange {
  deviceId: number;
  startDate: string;
  endDate: string;
  interval: EnergyInterval;
  /** The Consumption Query's weekdays and time window: only its quarter hours are priced. */
  segmentInfo?: SegmentInfo;
}

/** `live` only decides whether to poll; it is not an input of the answer, so not in the key. */
export function costNodeQueryOptions(email: string, range: CostNodeRange, live = false) {
  return queryOptions({
    queryKey: [COST_NODE_KEY, { email, ...range }] as const,
    queryFn: () => callApi(costNode, { factoryId: CALLERS_FACTORY, ...range }),
    enabled: () => canQueryDevice(range.deviceId),
    refetchInterval: pollInterval(live),
    retry: retryUnlessAnswered,
    placeholderData: keepPreviousData,
  });
}

/** POST /v1/Web/Cost/Node: a node's net kWh and cost per interval and per period (whole days, or a segment's windows). */
export function useCostNode(range: CostNodeRange, { live = false }: { live?: boolean } = {}) {
  const session = useSession();
  return useQuery(costNodeQueryOptions(session?.email ?? '', range, live));
}
