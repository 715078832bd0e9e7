import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminScheduledReportUpdate } from '@wattboard/contract';
import type { CallFields } from '@/lib/api-client';
import { callApi } from '@/lib/api-client';
import { adminScheduledReportsKeyRoot } from './scheduled-reports-get';

export type ScheduledReportUpdate = CallFields<typeof adminScheduledReportUpdate>;

export function updateScheduledReport(update: ScheduledReportUpdate) {
  return callApi(adminScheduledReportUpdate, update);
}

/** POST /v1/Admin/ScheduledReport/Update: the answer is the new Get answer. */
export function useUpdateScheduledReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminScheduledReportsKeyRoot, 'update'],
    mutationFn: updateScheduledReport,
    retry: false,
    onSuccess: (answer) => {
      queryClient.setQueriesData({ queryKey: adminScheduledReportsKeyRoot }, answer);
    },
  });
}
