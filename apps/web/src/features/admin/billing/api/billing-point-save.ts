import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBillingPointSave } from '@wattboard/contract';
import type { CallFields } from '@/lib/api-client';
import { callApi } from '@/lib/api-client';
import { refreshAfterBillingChange } from './billing-point-changed';
import { adminBillingPointsKeyRoot } from './billing-point-list';

export type BillingPointSave = CallFields<typeof adminBillingPointSave>;

export function saveBillingPoint(save: BillingPointSave) {
  return callApi(adminBillingPointSave, save);
}

/** POST /v1/Admin/BillingPoint/Save: makes a point a billing point, or changes its terms. */
export function useSaveBillingPoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminBillingPointsKeyRoot, 'save'],
    mutationFn: saveBillingPoint,
    retry: false,
    onSuccess: (answer) => refreshAfterBillingChange(queryClient, answer),
  });
}
