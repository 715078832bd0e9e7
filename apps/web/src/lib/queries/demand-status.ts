import { queryOptions, useQuery } from '@tanstack/react-query';
import { demandStatusGet } from '@wattboard/contract';
import { callApi } from '../api-client';
import { useSession } from '../hooks/use-session';
import { hasCredentials } from '../session';
import { CALLERS_FACTORY } from './channel-list';

/**
 * The root of the demand status key, shared by the Overview's demand card and
 * the Control page's demand panel, so both read one cached answer. A push on
 * the Overview refreshes it (refreshesOnPush); a shed-priority change writes
 * its answer into it; an Admin demand change reads it again.
 */
export const DEMAND_STATUS_KEY = 'demand-status';

/** The prediction changes each minute; shedding steps also push ControlChanged (group list). */
export const DEMAND_POLL_MS = 15_000;

export async function fetchDemandStatus(factoryId: number) {
  return (await callApi(demandStatusGet, { factoryId })).demand;
}

export function demandStatusKey(email: string, factoryId: number = CALLERS_FACTORY) {
  return [DEMAND_STATUS_KEY, { email, factoryId }] as const;
}

export function demandStatusQueryOptions(email: string, factoryId: number = CALLERS_FACTORY) {
  return queryOptions({
    queryKey: demandStatusKey(email, factoryId),
    queryFn: () => fetchDemandStatus(factoryId),
    enabled: () => hasCredentials(),
    refetchInterval: DEMAND_POLL_MS,
    // A server without demand management (or a failed read) leaves the page as it was
    // (the Overview's prediction line shows '—').
    retry: false,
  });
}

/** POST /v1/Demand/Status: this quarter hour's predicted demand, the target, shed priorities. */
export function useDemandStatus() {
  const session = useSession();
  return useQuery(demandStatusQueryOptions(session?.email ?? ''));
}
