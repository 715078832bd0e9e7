import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminBillingPointAdvice } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from '@/features/admin/shared/api/query-policy';

export const capacityAdviceKeyRoot = [ADMIN_KEY, 'capacity-advice'] as const;

export function fetchCapacityAdvice(nodeId: number) {
  return callApi(adminBillingPointAdvice, { nodeId });
}

export function capacityAdviceQueryOptions(email: string, nodeId: number | null) {
  return queryOptions({
    queryKey: [...capacityAdviceKeyRoot, { email, nodeId }] as const,
    queryFn: () => fetchCapacityAdvice(nodeId!),
    // Asked only once a billing point is chosen.
    enabled: nodeId !== null,
    retry: retryAdmin,
  });
}

/** POST /v1/Admin/BillingPoint/Advice: the contract (every type the tariff prices) that would have cost least. */
export function useCapacityAdvice(nodeId: number | null) {
  const session = useSession();
  return useQuery(capacityAdviceQueryOptions(session?.email ?? '', nodeId));
}
