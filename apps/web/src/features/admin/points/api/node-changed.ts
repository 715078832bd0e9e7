import type { QueryClient } from '@tanstack/react-query';
import { readAgain } from '@/lib/read-again';
import { adminJobsKeyRoot } from '@/features/admin/shared/api/job-list';
import { adminNodesKeyRoot } from '@/features/admin/shared/api/node-list';

/**
 * After any node change: the Admin tree, the recompute jobs (a virtual
 * node's members may have changed) and the app's own node lists (the
 * sidebar's first channel, pickers) are read again.
 */
export function refreshAfterNodeChange(queryClient: QueryClient) {
  return Promise.all([
    readAgain(queryClient, adminNodesKeyRoot),
    readAgain(queryClient, adminJobsKeyRoot),
    readAgain(queryClient, ['channel-list']),
  ]);
}
