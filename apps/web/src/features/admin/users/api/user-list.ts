import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserList } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from '@/features/admin/shared/api/query-policy';

export const adminUsersKeyRoot = [ADMIN_KEY, 'users'] as const;

export async function fetchAdminUsers() {
  const response = await callApi(adminUserList, {});
  return response.users;
}

export function adminUsersQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...adminUsersKeyRoot, { email }] as const,
    queryFn: fetchAdminUsers,
    retry: retryAdmin,
  });
}

/** POST /v1/Admin/User/List: the factory's users with status and last sign-in. */
export function useAdminUsers() {
  const session = useSession();
  return useQuery(adminUsersQueryOptions(session?.email ?? ''));
}
