import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminMailList } from '@wattboard/contract';
import type { MailStatus } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from './query-policy';

export const adminMailKeyRoot = [ADMIN_KEY, 'mail'] as const;
export const ADMIN_MAIL_PAGE = 100;
/** Queued mail changes state within seconds; the outbox is read again every 15 s while open. */
export const MAIL_POLL_MS = 15_000;

export function fetchAdminMail(status: MailStatus | undefined, beforeId: number | undefined) {
  return callApi(adminMailList, {
    limit: ADMIN_MAIL_PAGE,
    ...(status ? { status } : {}),
    ...(beforeId === undefined ? {} : { beforeId }),
  });
}

export function adminMailQueryOptions(email: string, status: MailStatus | undefined) {
  return infiniteQueryOptions({
    queryKey: [...adminMailKeyRoot, { email, status: status ?? 'all' }] as const,
    queryFn: ({ pageParam }) => fetchAdminMail(status, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBeforeId ?? undefined,
    retry: retryAdmin,
    refetchInterval: MAIL_POLL_MS,
  });
}

/** POST /v1/Admin/Mail/List: the factory's outbox, newest first. */
export function useAdminMail(status: MailStatus | undefined) {
  const session = useSession();
  return useInfiniteQuery(adminMailQueryOptions(session?.email ?? '', status));
}
