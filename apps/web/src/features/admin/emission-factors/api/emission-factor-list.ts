import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { adminEmissionFactorList } from '@wattboard/contract';
import type { AdminEmissionFactorsResponse } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from '@/features/admin/shared/api/query-policy';
import { adminFactoryKeyRoot } from '@/features/admin/factory/api/factory-get';
import { scope2KeyRoot } from '@/features/admin/scope2/api/scope2';
import { readAgain } from '@/lib/read-again';

export const adminEmissionFactorsKeyRoot = [ADMIN_KEY, 'emission-factors'] as const;

export function fetchAdminEmissionFactors() {
  return callApi(adminEmissionFactorList, {});
}

export function adminEmissionFactorsQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...adminEmissionFactorsKeyRoot, { email }] as const,
    queryFn: fetchAdminEmissionFactors,
    retry: retryAdmin,
  });
}

/** POST /v1/Admin/EmissionFactor/List: the factor of each entered year, and what this year uses. */
export function useAdminEmissionFactors() {
  const session = useSession();
  return useQuery(adminEmissionFactorsQueryOptions(session?.email ?? ''));
}

/**
 * Keys of the pages that show CO2 (features never import each other, so by
 * name): Overview's figures and ratio, the channel list, the Monitoring
 * Point's device, detail and consumption, the Report's energy view.
 */
const CO2_KEYS = [
  'overview',
  'overview-consume-ratio',
  'channel-list',
  'monitor-device',
  'monitor-power-detail',
  'monitor-consumption',
  'report-energy',
];

/**
 * Save and Remove answer with the whole new list: store it. The factory's
 * "this year's factor", the Scope 2 report below the list (same Admin
 * feature, so by its key root) and every CO2 figure on screen may have
 * changed: read again.
 */
export function afterEmissionFactorChange(
  queryClient: QueryClient,
  answer: AdminEmissionFactorsResponse,
) {
  queryClient.setQueriesData({ queryKey: adminEmissionFactorsKeyRoot }, answer);
  return Promise.all(
    [adminFactoryKeyRoot, scope2KeyRoot, ...CO2_KEYS.map((key) => [key])].map((key) =>
      readAgain(queryClient, key),
    ),
  );
}
