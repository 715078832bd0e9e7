import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminScheduledReportSendNow } from '@wattboard/contract';
import type { ScheduledReportKind } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { adminMailKeyRoot } from '@/features/admin/shared/api/mail-list';
import { adminScheduledReportsKeyRoot } from './scheduled-reports-get';
import { readAgain } from '@/lib/read-again';

export function sendScheduledReportNow(kind: ScheduledReportKind) {
  return callApi(adminScheduledReportSendNow, { kind });
}

/** POST /v1/Admin/ScheduledReport/SendNow: queues the last complete period's report; the outbox shows it. */
export function useSendScheduledReportNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminScheduledReportsKeyRoot, 'send-now'],
    mutationFn: sendScheduledReportNow,
    retry: false,
    onSuccess: () =>
      Promise.all([
        readAgain(queryClient, adminScheduledReportsKeyRoot),
        readAgain(queryClient, adminMailKeyRoot),
      ]),
  });
}
