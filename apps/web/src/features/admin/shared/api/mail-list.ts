import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminOutboxList } from '@wattboard/contract';
import type { MailStatus, OutboxCursor, OutboxSide } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from './query-policy';

/** The outbox's queries (mail and every webhook or chat channel): read again after a send or retry. */
export const adminMailKeyRoot = [ADMIN_KEY, 'mail'] as const;
export const ADMIN_MAIL_PAGE = 100;
/** Queued items change state within seconds; the outbox is read again every 15 s while open. */
export const MAIL_POLL_MS = 15_000;

export interface OutboxFilter {
  status: MailStatus | undefined;
  channel: OutboxSide | undefined;
}

export function fetchAdminOutbox(filter: OutboxFilter, before: OutboxCursor | undefined) {
  return callApi(adminOutboxList, {
    limit: ADMIN_MAIL_PAGE,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.channel ? { channel: filter.channel } : {}),
    ...(before ? { before } : {}),
  });
}

export function adminOutboxQueryOptions(email: string, filter: OutboxFilter) {
  return infiniteQueryOptions({
    queryKey: [
      ...adminMailKeyRoot,
      { email, status: filter.status ?? 'all', channel: filter.channel ?? 'all' },
    ] as const,
    queryFn: ({ pageParam }) => fetchAdminOutbox(filter, pageParam),
    initialPageParam: undefined as OutboxCursor | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    retry: retryAdmin,
    refetchInterval: MAIL_POLL_MS,
  });
}

/** POST /v1/Admin/Outbox/List: mail and every webhook or chat delivery, newest first. */
export function useAdminOutbox(filter: OutboxFilter) {
  const session = useSession();
  return useInfiniteQuery(adminOutboxQueryOptions(session?.email ?? '', filter));
}
