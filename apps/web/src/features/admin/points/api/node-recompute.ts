import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminNodeRecompute } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { adminJobsKeyRoot } from '@/features/admin/shared/api/job-list';
import { readAgain } from '@/lib/read-again';

export interface NodeRecompute {
  nodeId: number;
  /** Factory-local days, yyyy-MM-dd, both included. */
  from: string;
  to: string;
}

export function recomputeNode(recompute: NodeRecompute) {
  return callApi(adminNodeRecompute, recompute);
}

/**
 * POST /v1/Admin/Node/Recompute: a point's rollups are rebuilt in the
 * background. The node itself is unchanged, so only the job list is read
 * again, for JobProgress to show (and poll) the new job.
 */
export function useRecomputeNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'nodes', 'recompute'],
    mutationFn: recomputeNode,
    retry: false,
    onSuccess: () => readAgain(queryClient, adminJobsKeyRoot),
  });
}
