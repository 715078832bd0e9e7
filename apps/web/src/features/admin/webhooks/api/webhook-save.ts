import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminWebhookSave } from '@wattboard/contract';
import { callApi, type CallFields } from '@/lib/api-client';
import { adminWebhooksKeyRoot } from './webhook-list';
import { readAgain } from '@/lib/read-again';

export type WebhookSave = CallFields<typeof adminWebhookSave>;

export function saveWebhook(fields: WebhookSave) {
  return callApi(adminWebhookSave, fields);
}

/** POST /v1/Admin/Webhook/Save: adds or changes a destination; a new secret comes back once. */
export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminWebhooksKeyRoot, 'save'],
    mutationFn: saveWebhook,
    retry: false,
    onSuccess: () => readAgain(queryClient, adminWebhooksKeyRoot),
  });
}
