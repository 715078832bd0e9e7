import { ApiError } from '@/lib/api-errors';
import { shouldRetry } from '@/lib/query-client';
import { hasCredentials } from '@/lib/session';

/**
 * A business answer (HTTP 200 with another statusCode: unknown meter, a range
 * over the cap) will not change on a retry; everything else follows the app's
 * rule (no retry on 401, otherwise once).
 */
export function retryUnlessAnswered(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.httpStatus === 200) return false;
  return shouldRetry(failureCount, error);
}

/** Report calls run only with a session (e-mail and token) and a chosen meter. */
export function canQueryMeter(meterId: number): boolean {
  return meterId > 0 && hasCredentials();
}

/** What every Report call is about: a meter, factory-local days, and optionally one circuit. */
export interface ReportSelection {
  meterId: number;
  startDate: string;
  endDate: string;
  channelId: number | null;
}

/**
 * The contract's range fields (smartmeterId with dtStart/dtEnd from
 * the page's dates). A bare day means from its midnight (dtStart) and through
 * its end (dtEnd), in the factory's zone, so the dates pass as they are.
 */
export function rangeFields(selection: ReportSelection) {
  return {
    factoryId: 0,
    smartmeterId: selection.meterId,
    dtStart: selection.startDate,
    dtEnd: selection.endDate,
    ...(selection.channelId === null ? {} : { channelIds: [selection.channelId] }),
  };
}
