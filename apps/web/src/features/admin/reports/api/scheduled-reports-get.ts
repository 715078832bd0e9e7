import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminScheduledReportGet } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from '@/features/admin/shared/api/query-policy';

export const adminScheduledReportsKeyRoot = [ADMIN_KEY, 'scheduled-reports'] as const;

export function fetchScheduledReports() {
  return callApi(adminScheduledReportGet, {});
}

export function scheduledReportsQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...adminScheduledReportsKeyRoot, { email }] as const,
    queryFn: fetchScheduledReports,
    retry: retryAdmin,
  });
}

/** POST /v1/Admin/ScheduledReport/Get: the weekly and monthly report with their next run. */
export function useScheduledReports() {
  const session = useSession();
  return useQuery(scheduledReportsQueryOptions(session?.email ?? ''));
}
