import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminNodeAdd } from '@wattboard/contract';
import type { CallFields } from '@/lib/api-client';
import { callApi } from '@/lib/api-client';
import { refreshAfterNodeChange } from './node-changed';

export type NewNode = CallFields<typeof adminNodeAdd>;

export function addNode(node: NewNode) {
  return callApi(adminNodeAdd, node);
}

/** POST /v1/Admin/Node/Add: the node takes readings by its serial at once. */
export function useAddNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'nodes', 'add'],
    mutationFn: addNode,
    retry: false,
    onSuccess: () => refreshAfterNodeChange(queryClient),
  });
}
