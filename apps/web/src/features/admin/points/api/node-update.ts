import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminNodeUpdate } from '@wattboard/contract';
import type { CallFields } from '@/lib/api-client';
import { callApi } from '@/lib/api-client';
import { refreshAfterNodeChange } from './node-changed';

export type NodeChange = CallFields<typeof adminNodeUpdate>;

export function updateNode(change: NodeChange) {
  return callApi(adminNodeUpdate, change);
}

/** POST /v1/Admin/Node/Update: rename (English and 中文) and details. */
export function useUpdateNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'nodes', 'update'],
    mutationFn: updateNode,
    retry: false,
    onSuccess: () => refreshAfterNodeChange(queryClient),
  });
}
