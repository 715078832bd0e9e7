import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminAuditList } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from '@/features/admin/shared/api/query-policy';

export const adminAuditKeyRoot = [ADMIN_KEY, 'audit'] as const;
export const ADMIN_AUDIT_PAGE = 100;

export type AuditFilters = Record<string, string>;

export function fetchAdminAudit(filters: AuditFilters, beforeId: number | undefined) {
  return callApi(adminAuditList, {
    ...filters,
    limit: ADMIN_AUDIT_PAGE,
    ...(beforeId === undefined ? {} : { beforeId }),
  });
}

export function adminAuditQueryOptions(email: string, filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: [...adminAuditKeyRoot, { email, filters }] as const,
    queryFn: ({ pageParam }) => fetchAdminAudit(filters, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBeforeId ?? undefined,
    retry: retryAdmin,
  });
}

/** POST /v1/Admin/Audit/List: who did what when, newest first, a page at a time. */
export function useAdminAudit(filters: AuditFilters) {
  const session = useSession();
  return useInfiniteQuery(adminAuditQueryOptions(session?.email ?? '', filters));
}
