import { queryOptions, useQuery } from '@tanstack/react-query';
import { userFactories } from '@wattboard/contract';
import { callApi } from '../api-client';
import { useSession } from '../hooks/use-session';

/**
 * The factories the signed-in person belongs to (decision 0089); the header's
 * switcher shows only when there is more than one. A switch resets every
 * query, this one included.
 */
export const userFactoriesKeyRoot = ['user-factories'] as const;

export function fetchUserFactories() {
  return callApi(userFactories, {});
}

export function userFactoriesQueryOptions(email: string, token: string) {
  return queryOptions({
    queryKey: [...userFactoriesKeyRoot, { email, token }] as const,
    queryFn: fetchUserFactories,
    // An older server without the call answers 404: the header then simply has no switcher.
    retry: false,
    throwOnError: false,
    staleTime: 5 * 60_000,
  });
}

/** POST /v1/User/Factories. */
export function useUserFactories() {
  const session = useSession();
  return useQuery(userFactoriesQueryOptions(session?.email ?? '', session?.token ?? ''));
}
