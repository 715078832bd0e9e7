import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { overviewConsumeRatio } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import { hasCredentials } from '@/lib/session';
import { retryUnlessAnswered } from './query-policy';

export const CONSUME_RATIO_KEY = 'overview-consume-ratio';

export interface ConsumeRatioRequest {
  startDate: string;
  endDate: string;
  channelIdList: number[];
}

export function fetchConsumeRatio(request: ConsumeRatioRequest) {
  return callApi(overviewConsumeRatio, { factoryId: CALLERS_FACTORY, ...request });
}

/** Every input is in the key: another channel or day is another answer. */
export function consumeRatioQueryOptions(email: string, request: ConsumeRatioRequest) {
  return queryOptions({
    queryKey: [CONSUME_RATIO_KEY, { email, factoryId: CALLERS_FACTORY, ...request }] as const,
    queryFn: () => fetchConsumeRatio(request),
    enabled: () => hasCredentials(),
    retry: retryUnlessAnswered,
    // While another selection loads, the charts keep the last answer instead of blinking.
    placeholderData: keepPreviousData,
  });
}

/** POST /v1/Web/Overview/ConsumeRatio: per-day bars and the pie of the chosen channels. */
export function useConsumeRatio(request: ConsumeRatioRequest) {
  const session = useSession();
  return useQuery(consumeRatioQueryOptions(session?.email ?? '', request));
}
