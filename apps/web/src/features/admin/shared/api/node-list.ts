import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminNodeList } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from './query-policy';

export const adminNodesKeyRoot = [ADMIN_KEY, 'nodes'] as const;

export async function fetchAdminNodes() {
  const response = await callApi(adminNodeList, {});
  return response.nodes;
}

export function adminNodesQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...adminNodesKeyRoot, { email }] as const,
    queryFn: fetchAdminNodes,
    retry: retryAdmin,
  });
}

/** POST /v1/Admin/Node/List: every monitoring point, retired ones included. */
export function useAdminNodes() {
  const session = useSession();
  return useQuery(adminNodesQueryOptions(session?.email ?? ''));
}
