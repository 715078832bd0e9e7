import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { monitorPowerDetail } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import type { DeviceRange } from './monitor-device';
import { canQueryDevice, pollInterval, retryUnlessAnswered } from './query-policy';

export const POWER_DETAIL_KEY = 'monitor-power-detail';

export interface PowerDetailRequest extends DeviceRange {
  resolution: number;
}

export function powerDetailQueryOptions(email: string, request: PowerDetailRequest, live = false) {
  return queryOptions({
    queryKey: [POWER_DETAIL_KEY, { email, ...request }] as const,
    queryFn: async () => {
      const response = await callApi(monitorPowerDetail, {
        factoryId: CALLERS_FACTORY,
        deviceId: request.deviceId,
        timeRange: { start: request.startDate, end: request.endDate },
        resolution: request.resolution,
      });
      return response.energyChart;
    },
    enabled: () => canQueryDevice(request.deviceId),
    refetchInterval: pollInterval(live),
    retry: retryUnlessAnswered,
    placeholderData: keepPreviousData,
  });
}

/** The energy chart (kWh bars, average and max kW) at the chosen resolution. */
export function usePowerDetail(
  request: PowerDetailRequest,
  { live = false }: { live?: boolean } = {},
) {
  const session = useSession();
  return useQuery(powerDetailQueryOptions(session?.email ?? '', request, live));
}
