import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { carbonScope2 } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { readAgain } from '@/lib/read-again';
import { ADMIN_KEY, retryAdmin } from '@/features/admin/shared/api/query-policy';
import { adminFactoryKeyRoot } from '@/features/admin/factory/api/factory-get';
import { adminEmissionFactorsKeyRoot } from '@/features/admin/emission-factors/api/emission-factor-list';
import { adminBillingPointsKeyRoot } from '@/features/admin/billing/api/billing-point-list';

export const scope2KeyRoot = [ADMIN_KEY, 'scope2'] as const;

export function fetchScope2(year: number) {
  return callApi(carbonScope2, { factoryId: 0, year });
}

export function scope2QueryOptions(email: string, year: number) {
  return queryOptions({
    queryKey: [...scope2KeyRoot, { email, year }] as const,
    queryFn: () => fetchScope2(year),
    retry: retryAdmin,
  });
}

/**
 * POST /v1/Web/Carbon/Scope2: a year's grid kWh and location-based tCO2e by
 * month, per billing point and in total, the factor used and the carbon-fee
 * exposure. Any signed-in user may ask; the report is shown in Admin.
 */
export function useScope2(year: number) {
  const session = useSession();
  return useQuery(scope2QueryOptions(session?.email ?? '', year));
}

/** Changes that alter the report: a year's factor, a billing point, the factory's time zone. */
const CHANGES: readonly QueryKey[] = [
  adminEmissionFactorsKeyRoot,
  adminBillingPointsKeyRoot,
  adminFactoryKeyRoot,
];

const startsWith = (key: QueryKey | undefined, root: QueryKey) =>
  key !== undefined && root.every((part, index) => key[index] === part);

/**
 * Reads the report again after one of CHANGES succeeds on this page (the
 * emission factors are edited just above it): the figures use the new factor.
 */
export function useScope2FollowsChanges() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        const key = event.mutation.options.mutationKey;
        if (CHANGES.some((root) => startsWith(key, root))) {
          void readAgain(queryClient, scope2KeyRoot);
        }
      }),
    [queryClient],
  );
}
