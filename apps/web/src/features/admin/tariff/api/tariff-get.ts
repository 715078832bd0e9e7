import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminTariffGet } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from '@/features/admin/shared/api/query-policy';

export const adminTariffKeyRoot = [ADMIN_KEY, 'tariff'] as const;

export function fetchAdminTariff() {
  return callApi(adminTariffGet, {});
}

export function adminTariffQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...adminTariffKeyRoot, { email }] as const,
    queryFn: fetchAdminTariff,
    retry: retryAdmin,
  });
}

/** POST /v1/Admin/Tariff/Get: the version in force, every version, and the shipped default. */
export function useAdminTariff() {
  const session = useSession();
  return useQuery(adminTariffQueryOptions(session?.email ?? ''));
}
