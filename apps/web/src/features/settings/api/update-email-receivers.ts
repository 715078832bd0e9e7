import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailReceiversUpdate } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import type { ReceiverUpdate } from '../model/receiver-form';
import { emailReceiversKeyRoot } from './email-receivers';
import { readAgain } from '@/lib/read-again';

export function updateEmailReceivers(receivers: ReceiverUpdate[]) {
  return callApi(emailReceiversUpdate, { receivers });
}

/**
 * POST /v1/Setting/UpdateEmailReceivers: the list replaces the saved one.
 * The mutation settles only after the list has been refetched, so the
 * editor leaves edit mode showing what the server now holds.
 * A failure is logged by the query client's mutation cache (logged only).
 */
export function useUpdateEmailReceivers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['update-email-receivers'],
    mutationFn: updateEmailReceivers,
    onSuccess: () => readAgain(queryClient, emailReceiversKeyRoot),
  });
}
