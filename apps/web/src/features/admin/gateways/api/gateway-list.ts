import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminGatewayList } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from '@/features/admin/shared/api/query-policy';

export const adminGatewaysKeyRoot = [ADMIN_KEY, 'gateways'] as const;

/** Last-seen times and today's readings move; the list is read again every minute while open. */
export const GATEWAY_POLL_MS = 60_000;

export function fetchAdminGateways() {
  return callApi(adminGatewayList, {});
}

export function adminGatewaysQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...adminGatewaysKeyRoot, { email }] as const,
    queryFn: fetchAdminGateways,
    retry: retryAdmin,
    refetchInterval: GATEWAY_POLL_MS,
  });
}

/** POST /v1/Admin/Gateway/List: gateways, today's readings and how to send them. */
export function useAdminGateways() {
  const session = useSession();
  return useQuery(adminGatewaysQueryOptions(session?.email ?? ''));
}
