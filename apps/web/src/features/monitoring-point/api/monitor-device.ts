import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { monitorDevice } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import { canQueryDevice, pollInterval, retryUnlessAnswered } from './query-policy';

export const MONITOR_DEVICE_KEY = 'monitor-device';

export interface DeviceRange {
  deviceId: number;
  startDate: string;
  endDate: string;
}

/** `live` only decides whether to poll; it is not an input of the answer, so not in the key. */
export function monitorDeviceQueryOptions(email: string, range: DeviceRange, live = false) {
  return queryOptions({
    queryKey: [MONITOR_DEVICE_KEY, { email, ...range }] as const,
    queryFn: () =>
      callApi(monitorDevice, {
        factoryId: CALLERS_FACTORY,
        deviceId: range.deviceId,
        timeRange: { start: range.startDate, end: range.endDate },
      }),
    enabled: () => canQueryDevice(range.deviceId),
    refetchInterval: pollInterval(live),
    retry: retryUnlessAnswered,
    // While another node or range loads, the cards keep the last answer (dimmed) instead of blinking.
    placeholderData: keepPreviousData,
  });
}

/** Per-channel readings, energy, demand, balance and the energy distribution of a node. */
export function useMonitorDevice(range: DeviceRange, { live = false }: { live?: boolean } = {}) {
  const session = useSession();
  return useQuery(monitorDeviceQueryOptions(session?.email ?? '', range, live));
}
