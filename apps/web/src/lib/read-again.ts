import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Reads queries again after a change the server has made. Invalidating alone
 * is not enough while a query's first fetch is still on its way: TanStack
 * Query joins a running fetch that has no data yet instead of cancelling it,
 * so the list would answer without the change (a node added while the Admin
 * tree's first load was slow never showed). Cancelling first makes the
 * refetch a new request.
 */
export async function readAgain(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
