import { queryOptions, useQuery } from '@tanstack/react-query';
import { BASELINE_RANGE_LIMIT_DAYS, monitorBaseline } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import { daysInRange } from '../model/date-range';
import type { DeviceRange } from './monitor-device';
import { canQueryDevice, retryUnlessAnswered } from './query-policy';

export const BASELINE_KEY = 'monitor-baseline';
/** A typical day changes only when a day ends: no need to read it again within ten minutes. */
const TYPICAL_DAY_STALE_MS = 10 * 60_000;

export function baselineQueryOptions(email: string, request: DeviceRange) {
  return queryOptions({
    queryKey: [BASELINE_KEY, { email, ...request }] as const,
    queryFn: () =>
      callApi(monitorBaseline, {
        factoryId: CALLERS_FACTORY,
        deviceId: request.deviceId,
        timeRange: { start: request.startDate, end: request.endDate },
      }),
    // Longer ranges show no typical day (the server refuses them too).
    enabled: () =>
      canQueryDevice(request.deviceId) && daysInRange(request) <= BASELINE_RANGE_LIMIT_DAYS,
    staleTime: TYPICAL_DAY_STALE_MS,
    retry: retryUnlessAnswered,
  });
}

/** The point's typical day for each day of the range (docs/baseline.md), beside its power chart. */
export function useBaseline(request: DeviceRange) {
  const session = useSession();
  return useQuery(baselineQueryOptions(session?.email ?? '', request));
}
