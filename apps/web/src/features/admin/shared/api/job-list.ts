import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminJobList } from '@wattboard/contract';
import type { AdminJob } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { ADMIN_KEY, retryAdmin } from './query-policy';

export const adminJobsKeyRoot = [ADMIN_KEY, 'jobs'] as const;

/** The contract asks for a poll every 2 s while a recomputation runs. */
export const JOB_POLL_MS = 2000;

export async function fetchAdminJobs() {
  const response = await callApi(adminJobList, {});
  return response.jobs;
}

export function adminJobsQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...adminJobsKeyRoot, { email }] as const,
    queryFn: fetchAdminJobs,
    retry: retryAdmin,
    refetchInterval: (query) =>
      (query.state.data as AdminJob[] | undefined)?.some((job) => job.state === 'running')
        ? JOB_POLL_MS
        : false,
  });
}

/** POST /v1/Admin/Job/List: background recomputations, newest first. */
export function useAdminJobs() {
  const session = useSession();
  return useQuery(adminJobsQueryOptions(session?.email ?? ''));
}
