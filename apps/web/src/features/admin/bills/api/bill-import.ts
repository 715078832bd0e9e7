import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBillImport } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { adminBillsKeyRoot, storeBills } from './bill-list';

export function importBills(csv: string) {
  return callApi(adminBillImport, { csv });
}

/**
 * POST /v1/Admin/Bill/Import: CSV text, all rows or none; a refusal names
 * its row and column, and `imported` counts the rows saved.
 */
export function useImportBills() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminBillsKeyRoot, 'import'],
    mutationFn: importBills,
    retry: false,
    onSuccess: (answer) => storeBills(queryClient, answer),
  });
}
