import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminWebhookRemove } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { adminWebhooksKeyRoot } from './webhook-list';
import { readAgain } from '@/lib/read-again';

export function removeWebhook(webhookId: number) {
  return callApi(adminWebhookRemove, { webhookId });
}

/** POST /v1/Admin/Webhook/Remove: the destination and what is still queued for it. */
export function useRemoveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminWebhooksKeyRoot, 'remove'],
    mutationFn: removeWebhook,
    retry: false,
    onSuccess: () => readAgain(queryClient, adminWebhooksKeyRoot),
  });
}
