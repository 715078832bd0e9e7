import { useMutation } from '@tanstack/react-query';
import { adminWebhookTest } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { adminWebhooksKeyRoot } from './webhook-list';

export function testWebhook(webhookId: number) {
  return callApi(adminWebhookTest, { webhookId });
}

/** POST /v1/Admin/Webhook/Test: a test message now, and what the receiver answered. */
export function useTestWebhook() {
  return useMutation({
    mutationKey: [...adminWebhooksKeyRoot, 'test'],
    mutationFn: testWebhook,
    retry: false,
  });
}
