import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminFactoryGet } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from '@/features/admin/shared/api/query-policy';

export const adminFactoryKeyRoot = [ADMIN_KEY, 'factory'] as const;

export function fetchAdminFactory() {
  return callApi(adminFactoryGet, {});
}

export function adminFactoryQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...adminFactoryKeyRoot, { email }] as const,
    queryFn: fetchAdminFactory,
    retry: retryAdmin,
  });
}

/** POST /v1/Admin/Factory/Get: name, time zone, CO2 factor, contract capacity. */
export function useAdminFactory() {
  const session = useSession();
  return useQuery(adminFactoryQueryOptions(session?.email ?? ''));
}
