import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { toast } from 'react-toastify';

interface Snapshot {
  key: QueryKey;
  previous: unknown;
}

/**
 * TanStack Query's optimistic pattern for one cached answer: stop its
 * refetches, remember it, show the change at once (onMutate); put it back
 * and toast the failure (onError: its text may depend on the error, a role
 * refusal says so); toast success; refetch in any case (onSettled) so the
 * screen ends with what the server holds.
 */
export function optimisticCallbacks<Vars, Data>(
  queryClient: QueryClient,
  keyOf: (vars: Vars) => QueryKey,
  apply: (data: Data, vars: Vars) => Data,
  messages: { success: string; failure: (error: unknown) => string },
) {
  return {
    onMutate: async (vars: Vars): Promise<Snapshot> => {
      const key = keyOf(vars);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous !== undefined)
        queryClient.setQueryData<Data>(key, (d) => (d === undefined ? d : apply(d, vars)));
      return { key, previous };
    },
    onError: (error: unknown, _vars: Vars, snapshot: Snapshot | undefined) => {
      if (snapshot && snapshot.previous !== undefined)
        queryClient.setQueryData(snapshot.key, snapshot.previous);
      toast.error(messages.failure(error));
    },
    onSuccess: () => {
      toast.success(messages.success);
    },
    onSettled: (_data: unknown, _error: unknown, vars: Vars) =>
      queryClient.invalidateQueries({ queryKey: keyOf(vars) }),
  };
}
