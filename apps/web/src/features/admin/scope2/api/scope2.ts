import { queryOptions, useQuery } from '@tanstack/react-query';
import { carbonScope2 } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from '@/features/admin/shared/api/query-policy';

/**
 * Every year's report. What changes the figures reads it again by this root:
 * a year's factor (emission-factors/api/emission-factor-list.ts), the
 * factory's time zone (factory/api/factory-update.ts), the year's
 * certificates (./renewable-certificate-save.ts).
 */
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
