import { useMutation } from '@tanstack/react-query';
import { adminHistoryImportPreview } from '@wattboard/contract';
import { ADMIN_KEY } from '@/features/admin/shared/api/query-policy';
import { callApi } from '@/lib/api-client';
import type { CallFields } from '@/lib/api-client';

export type HistoryPreviewRequest = CallFields<typeof adminHistoryImportPreview>;

export const historyImportKeyRoot = [ADMIN_KEY, 'historyImport'] as const;

export function previewHistory(fields: HistoryPreviewRequest) {
  return callApi(adminHistoryImportPreview, fields);
}

/**
 * POST /v1/Admin/HistoryImport/Preview: the file's start, mapped (guessed from
 * the header when no mapping is sent) and checked; nothing is stored. A
 * mutation, not a query: it sends a piece of a file the page holds, not a key.
 */
export function usePreviewHistory() {
  return useMutation({
    mutationKey: [...historyImportKeyRoot, 'preview'],
    mutationFn: previewHistory,
    retry: false,
  });
}
