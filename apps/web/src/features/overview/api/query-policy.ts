import { ApiError } from '@/lib/api-errors';
import { shouldRetry } from '@/lib/query-client';

/** While the hub is down the page polls at the meters' pace (one reading a minute). */
export const OVERVIEW_POLL_MS = 60_000;

/** Polling is only the fallback: with live pushes confirmed, pushes trigger the refetch. */
export function pollInterval(live: boolean): number | false {
  return live ? false : OVERVIEW_POLL_MS;
}

/** A business refusal (HTTP 200, another statusCode) will not change on a retry. */
export function retryUnlessAnswered(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.httpStatus === 200) return false;
  return shouldRetry(failureCount, error);
}
