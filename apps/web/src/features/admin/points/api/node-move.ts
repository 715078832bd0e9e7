import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminNodeMove } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { refreshAfterNodeChange } from './node-changed';

export interface NodeMove {
  nodeId: number;
  parentId: number | null;
}

export function moveNode(move: NodeMove) {
  return callApi(adminNodeMove, move);
}

/** POST /v1/Admin/Node/Move: a virtual node whose members change is recomputed (job). */
export function useMoveNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'nodes', 'move'],
    mutationFn: moveNode,
    retry: false,
    onSuccess: () => refreshAfterNodeChange(queryClient),
  });
}
