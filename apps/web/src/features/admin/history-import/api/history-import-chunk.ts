import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminHistoryImportChunk } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import type { CallFields } from '@/lib/api-client';
import { historyImportKeyRoot } from './history-import-preview';

export type HistoryChunkFields = CallFields<typeof adminHistoryImportChunk>;

export function importHistoryChunk(fields: HistoryChunkFields) {
  return callApi(adminHistoryImportChunk, fields);
}

/**
 * POST /v1/Admin/HistoryImport/Chunk: one chunk of the file through the
 * ingest pipeline. Not retried by itself: the page sends the chunks in order
 * and stops at a failure (sending the file again completes it, duplicates
 * change nothing).
 */
export function useImportHistoryChunk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...historyImportKeyRoot, 'chunk'],
    mutationFn: importHistoryChunk,
    retry: false,
    onSuccess: (answer) => {
      // History reaches energy, demand, cost, reports and every point's newest
      // reading: mark everything stale, read again only when next shown (no
      // refetch storm while chunks are still going).
      if ((answer.accepted ?? 0) > 0) {
        void queryClient.invalidateQueries({ refetchType: 'none' });
      }
    },
  });
}
