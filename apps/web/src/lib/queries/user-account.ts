import { queryOptions, useQuery } from '@tanstack/react-query';
import { userAccount } from '@wattboard/contract';
import { callApi } from '../api-client';
import { useSession } from '../hooks/use-session';

/**
 * The signed-in user's own account; a password change invalidates it. Shared:
 * the forced password change (Settings) and every page's role checks
 * (hooks/use-permission) read the one cached answer.
 */
export const userAccountKeyRoot = ['user-account'] as const;

export function fetchUserAccount() {
  return callApi(userAccount, {});
}

export function userAccountQueryOptions(email: string, token: string) {
  return queryOptions({
    // The token is part of the key: a new session asks again.
    queryKey: [...userAccountKeyRoot, { email, token }] as const,
    queryFn: fetchUserAccount,
    // An older server without the call answers 404: the app then simply carries on.
    retry: false,
    throwOnError: false,
  });
}

/** POST /v1/User/Account: must this user choose a new password first, and what may they do? */
export function useUserAccount() {
  const session = useSession();
  return useQuery(userAccountQueryOptions(session?.email ?? '', session?.token ?? ''));
}
