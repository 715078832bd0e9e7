import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminEventList } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from '@/features/admin/shared/api/query-policy';

export const adminEventsKeyRoot = [ADMIN_KEY, 'events'] as const;
export const ADMIN_EVENT_PAGE = 100;

/** Filters as the call takes them (blank ones left out). */
export type EventFilters = Record<string, string | number>;

export function fetchAdminEvents(filters: EventFilters, beforeId: number | undefined) {
  return callApi(adminEventList, {
    ...filters,
    limit: ADMIN_EVENT_PAGE,
    ...(beforeId === undefined ? {} : { beforeId }),
  });
}

export function adminEventsQueryOptions(email: string, filters: EventFilters) {
  return infiniteQueryOptions({
    queryKey: [...adminEventsKeyRoot, { email, filters }] as const,
    queryFn: ({ pageParam }) => fetchAdminEvents(filters, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBeforeId ?? undefined,
    retry: retryAdmin,
  });
}

/** POST /v1/Admin/Event/List: alarm events newest first, a page at a time. */
export function useAdminEvents(filters: EventFilters) {
  const session = useSession();
  return useInfiniteQuery(adminEventsQueryOptions(session?.email ?? '', filters));
}
