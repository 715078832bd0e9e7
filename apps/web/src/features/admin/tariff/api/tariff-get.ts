import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminTariffGet } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from '@/features/admin/shared/api/query-policy';

export const adminTariffKeyRoot = [ADMIN_KEY, 'tariff'] as const;

/** The factory's tariff (no `nodeId`) or a further billing point's. */
export function fetchAdminTariff(nodeId: number | null) {
  return callApi(adminTariffGet, nodeId === null ? {} : { nodeId });
}

/** The key of one tariff: the factory's (`nodeId` null) or a billing point's. */
export const adminTariffKey = (email: string, nodeId: number | null) =>
  [...adminTariffKeyRoot, { email, nodeId }] as const;

export function adminTariffQueryOptions(email: string, nodeId: number | null = null) {
  return queryOptions({
    queryKey: adminTariffKey(email, nodeId),
    queryFn: () => fetchAdminTariff(nodeId),
    retry: retryAdmin,
  });
}

/**
 * POST /v1/Admin/Tariff/Get: the version in force, every version, the
 * shipped default and the billing points, for the factory's tariff or a
 * point's (decision 0065).
 */
export function useAdminTariff(nodeId: number | null = null) {
  const session = useSession();
  return useQuery(adminTariffQueryOptions(session?.email ?? '', nodeId));
}
