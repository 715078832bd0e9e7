import { queryOptions, useQuery } from '@tanstack/react-query';
import { demandStatusGet } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';

/** The prediction changes each minute; shedding steps also push ControlChanged (group list). */
export const DEMAND_POLL_MS = 15_000;

export async function fetchDemandStatus(factoryId: number) {
  return (await callApi(demandStatusGet, { factoryId })).demand;
}

export function demandStatusKey(email: string, factoryId: number = CALLERS_FACTORY) {
  return ['demand-status', { email, factoryId }] as const;
}

export function demandStatusQueryOptions(email: string, factoryId: number = CALLERS_FACTORY) {
  return queryOptions({
    queryKey: demandStatusKey(email, factoryId),
    queryFn: () => fetchDemandStatus(factoryId),
    refetchInterval: DEMAND_POLL_MS,
    // A server without demand management (or a failed read) leaves the page as it was.
    retry: false,
  });
}

/** POST /v1/Demand/Status: the predicted 15-minute demand, the target, shed priorities. */
export function useDemandStatus() {
  const session = useSession();
  return useQuery(demandStatusQueryOptions(session?.email ?? ''));
}
