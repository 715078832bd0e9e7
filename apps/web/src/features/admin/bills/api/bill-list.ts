import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { adminBillList } from '@wattboard/contract';
import type { AdminBillsResponse } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from '@/features/admin/shared/api/query-policy';

export const adminBillsKeyRoot = [ADMIN_KEY, 'bills'] as const;

export function fetchAdminBills() {
  return callApi(adminBillList, {});
}

export function adminBillsQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...adminBillsKeyRoot, { email }] as const,
    queryFn: fetchAdminBills,
    retry: retryAdmin,
  });
}

/** POST /v1/Admin/Bill/List: every entered bill with ours beside it, newest period first. */
export function useAdminBills() {
  const session = useSession();
  return useQuery(adminBillsQueryOptions(session?.email ?? ''));
}

/** Save, Remove and Import answer with the whole new list: store it rather than read again. */
export function storeBills(queryClient: QueryClient, answer: AdminBillsResponse) {
  queryClient.setQueriesData({ queryKey: adminBillsKeyRoot }, answer);
}
