import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBillingPointRemove } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { refreshAfterBillingChange } from './billing-point-changed';
import { adminBillingPointsKeyRoot } from './billing-point-list';

export function removeBillingPoint(nodeId: number) {
  return callApi(adminBillingPointRemove, { nodeId });
}

/** POST /v1/Admin/BillingPoint/Remove: stops billing a point on its own (never the main one). */
export function useRemoveBillingPoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminBillingPointsKeyRoot, 'remove'],
    mutationFn: removeBillingPoint,
    retry: false,
    onSuccess: (answer) => refreshAfterBillingChange(queryClient, answer),
  });
}
