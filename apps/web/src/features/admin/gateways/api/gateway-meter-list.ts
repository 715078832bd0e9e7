import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminGatewayMeterList } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { retryAdmin } from '@/features/admin/shared/api/query-policy';
import { adminGatewaysKeyRoot } from './gateway-list';

export const adminGatewayMetersKeyRoot = [...adminGatewaysKeyRoot, 'meters'] as const;

export function fetchGatewayMeters(gatewayId: number) {
  return callApi(adminGatewayMeterList, { gatewayId });
}

export function gatewayMetersQueryOptions(email: string, gatewayId: number) {
  return queryOptions({
    queryKey: [...adminGatewayMetersKeyRoot, { email, gatewayId }] as const,
    queryFn: () => fetchGatewayMeters(gatewayId),
    retry: retryAdmin,
  });
}

/** POST /v1/Admin/Gateway/Meter/List: a gateway's meters and the templates to choose from. */
export function useGatewayMeters(gatewayId: number | null) {
  const session = useSession();
  return useQuery({
    ...gatewayMetersQueryOptions(session?.email ?? '', gatewayId ?? 0),
    enabled: gatewayId !== null,
  });
}
