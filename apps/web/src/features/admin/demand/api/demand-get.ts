import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDemandGet, emailReceiversGet } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from '@/features/admin/shared/api/query-policy';

export const adminDemandKeyRoot = [ADMIN_KEY, 'demand'] as const;

/** The settings and status, with the factory's e-mail receivers to choose from. */
export async function fetchAdminDemand() {
  const [demand, receivers] = await Promise.all([
    callApi(adminDemandGet, {}),
    callApi(emailReceiversGet, {}),
  ]);
  return { ...demand, receivers: receivers.data };
}

export type AdminDemand = Awaited<ReturnType<typeof fetchAdminDemand>>;

export function adminDemandQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...adminDemandKeyRoot, { email }] as const,
    queryFn: fetchAdminDemand,
    retry: retryAdmin,
  });
}

/** POST /v1/Admin/Demand/Get (+ /v1/Setting/GetEmailReceivers for the mail choice). */
export function useAdminDemand() {
  const session = useSession();
  return useQuery(adminDemandQueryOptions(session?.email ?? ''));
}
