import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminWebhookRetry } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { adminMailKeyRoot } from '@/features/admin/shared/api/mail-list';
import { readAgain } from '@/lib/read-again';

export function retryWebhookDelivery(deliveryId: number) {
  return callApi(adminWebhookRetry, { deliveryId });
}

/** POST /v1/Admin/Webhook/Retry: a failed webhook or chat delivery is queued again now. */
export function useRetryWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminMailKeyRoot, 'retry-webhook'],
    mutationFn: retryWebhookDelivery,
    retry: false,
    onSuccess: () => readAgain(queryClient, adminMailKeyRoot),
  });
}
