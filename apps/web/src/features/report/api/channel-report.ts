import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { channelReport } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { canQueryMeter, rangeFields, retryUnlessAnswered } from './query-policy';
import type { ReportSelection } from './query-policy';

export const CHANNEL_REPORT_KEY = 'channel-report';

/** Rows per request: a day of a four-circuit meter at one reading a minute (5,760) fits in one. */
export const REPORT_PAGE_SIZE = 10_000;

export function channelReportQueryOptions(email: string, selection: ReportSelection) {
  return infiniteQueryOptions({
    queryKey: [CHANNEL_REPORT_KEY, { email, ...selection, pageSize: REPORT_PAGE_SIZE }] as const,
    queryFn: ({ pageParam }) =>
      callApi(channelReport, {
        ...rangeFields(selection),
        pageSize: REPORT_PAGE_SIZE,
        ...(pageParam ? { after: pageParam } : {}),
      }),
    initialPageParam: null as string | null,
    // Keyset paging: the server's cursor names the last row; null or absent ends the range.
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: () => canQueryMeter(selection.meterId),
    retry: retryUnlessAnswered,
    // Stored readings of a past range do not change; today's grow, and a reload shows them.
    staleTime: 60_000,
  });
}

/** The meter's readings in the range, page by page (POST /v1/Web/Factory/Channel/Report). */
export function useChannelReport(selection: ReportSelection) {
  const session = useSession();
  return useInfiniteQuery(channelReportQueryOptions(session?.email ?? '', selection));
}
