import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminMailRetry } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { adminMailKeyRoot } from '@/features/admin/shared/api/mail-list';
import { readAgain } from '@/lib/read-again';

export function retryMail(mailId: number) {
  return callApi(adminMailRetry, { mailId });
}

/** POST /v1/Admin/Mail/Retry: a failed mail is queued again now. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminMailKeyRoot, 'retry'],
    mutationFn: retryMail,
    retry: false,
    onSuccess: () => readAgain(queryClient, adminMailKeyRoot),
  });
}
