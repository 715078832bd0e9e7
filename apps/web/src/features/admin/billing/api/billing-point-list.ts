import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminBillingPointList } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from '@/features/admin/shared/api/query-policy';

export const adminBillingPointsKeyRoot = [ADMIN_KEY, 'billing-points'] as const;

export function fetchAdminBillingPoints() {
  return callApi(adminBillingPointList, {});
}

export function adminBillingPointsQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...adminBillingPointsKeyRoot, { email }] as const,
    queryFn: fetchAdminBillingPoints,
    retry: retryAdmin,
  });
}

/** POST /v1/Admin/BillingPoint/List: every billing point, and the top-level points on no bill. */
export function useAdminBillingPoints() {
  const session = useSession();
  return useQuery(adminBillingPointsQueryOptions(session?.email ?? ''));
}
