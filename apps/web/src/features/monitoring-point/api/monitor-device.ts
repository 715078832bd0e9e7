import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { monitorDevice } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import { canQueryDevice, MONITOR_POLL_MS, retryUnlessAnswered } from './query-policy';

export interface DeviceRange {
  deviceId: number;
  startDate: string;
  endDate: string;
}

export function monitorDeviceQueryOptions(email: string, range: DeviceRange) {
  return queryOptions({
    queryKey: ['monitor-device', { email, ...range }] as const,
    queryFn: () =>
      callApi(monitorDevice, {
        factoryId: CALLERS_FACTORY,
        deviceId: range.deviceId,
        timeRange: { start: range.startDate, end: range.endDate },
      }),
    enabled: () => canQueryDevice(range.deviceId),
    refetchInterval: MONITOR_POLL_MS,
    retry: retryUnlessAnswered,
    // While another node or range loads, the cards keep the last answer (dimmed) instead of blinking.
    placeholderData: keepPreviousData,
  });
}

/** Per-channel readings, energy, demand, balance and the energy distribution of a node. */
export function useMonitorDevice(range: DeviceRange) {
  const session = useSession();
  return useQuery(monitorDeviceQueryOptions(session?.email ?? '', range));
}
