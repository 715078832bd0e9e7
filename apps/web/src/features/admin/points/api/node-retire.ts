import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminNodeRetire } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { refreshAfterNodeChange } from './node-changed';

export interface NodeRetirement {
  nodeId: number;
  /** true retires, false restores. */
  retired: boolean;
}

export function retireNode(change: NodeRetirement) {
  return callApi(adminNodeRetire, change);
}

/** POST /v1/Admin/Node/Retire: kept for history, hidden from pickers; or restored. */
export function useRetireNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'nodes', 'retire'],
    mutationFn: retireNode,
    retry: false,
    onSuccess: () => refreshAfterNodeChange(queryClient),
  });
}
