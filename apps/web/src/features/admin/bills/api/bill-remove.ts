import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBillRemove } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { adminBillsKeyRoot, storeBills } from './bill-list';

export function removeBill(billId: number) {
  return callApi(adminBillRemove, { billId });
}

/** POST /v1/Admin/Bill/Remove: forgets an entered bill (ours is computed, nothing else goes). */
export function useRemoveBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminBillsKeyRoot, 'remove'],
    mutationFn: removeBill,
    retry: false,
    onSuccess: (answer) => storeBills(queryClient, answer),
  });
}
