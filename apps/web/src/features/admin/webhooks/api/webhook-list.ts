import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminWebhookList } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from '@/features/admin/shared/api/query-policy';

export const adminWebhooksKeyRoot = [ADMIN_KEY, 'webhooks'] as const;

/** Deliveries move on; the list is read again every minute while open. */
export const WEBHOOK_POLL_MS = 60_000;

export function fetchAdminWebhooks() {
  return callApi(adminWebhookList, {});
}

export function adminWebhooksQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...adminWebhooksKeyRoot, { email }] as const,
    queryFn: fetchAdminWebhooks,
    retry: retryAdmin,
    refetchInterval: WEBHOOK_POLL_MS,
  });
}

/** POST /v1/Admin/Webhook/List: the destinations with their newest delivery. */
export function useAdminWebhooks() {
  const session = useSession();
  return useQuery(adminWebhooksQueryOptions(session?.email ?? ''));
}
