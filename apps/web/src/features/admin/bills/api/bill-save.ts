import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBillSave } from '@wattboard/contract';
import type { CallFields } from '@/lib/api-client';
import { callApi } from '@/lib/api-client';
import { adminBillsKeyRoot, storeBills } from './bill-list';

export type BillSave = CallFields<typeof adminBillSave>;

export function saveBill(save: BillSave) {
  return callApi(adminBillSave, save);
}

/** POST /v1/Admin/Bill/Save: a bill as printed; the same point and first day replaces it. */
export function useSaveBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminBillsKeyRoot, 'save'],
    mutationFn: saveBill,
    retry: false,
    onSuccess: (answer) => storeBills(queryClient, answer),
  });
}
