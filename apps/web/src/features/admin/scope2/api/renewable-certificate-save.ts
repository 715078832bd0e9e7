import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRenewableCertificateSave } from '@wattboard/contract';
import type { CallFields } from '@/lib/api-client';
import { callApi } from '@/lib/api-client';
import { readAgain } from '@/lib/read-again';
import { scope2KeyRoot } from './scope2';

export type RenewableCertificateSave = CallFields<typeof adminRenewableCertificateSave>;

export function saveRenewableCertificates(save: RenewableCertificateSave) {
  return callApi(adminRenewableCertificateSave, save);
}

/**
 * POST /v1/Admin/RenewableCertificate/Save: the T-REC certificates retired for
 * a year (0 kWh removes them). That year's report reads again: its
 * market-based figure counts them.
 */
export function useSaveRenewableCertificates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...scope2KeyRoot, 'certificates', 'save'],
    mutationFn: saveRenewableCertificates,
    retry: false,
    // The query key's last part is { email, year }: a partial match finds that year's.
    onSuccess: (answer) => readAgain(queryClient, [...scope2KeyRoot, { year: answer.year }]),
  });
}
