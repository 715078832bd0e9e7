import { ApiError } from '@/lib/api-errors';
import { shouldRetry } from '@/lib/query-client';
import { hasCredentials } from '@/lib/session';

/** New readings arrive every minute; the page polls at that pace while the hub does not push them. */
export const MONITOR_POLL_MS = 60_000;

/**
 * Polling is the fallback: while the hub confirms live pushes for the node,
 * each DeviceReading triggers the refetch instead, so the timer
 * stops; when the connection drops it starts again.
 */
export function pollInterval(live: boolean): number | false {
  return live ? false : MONITOR_POLL_MS;
}

/**
 * A business answer (HTTP 200 with another statusCode: unknown node, range
 * too long for the resolution) will not change on a retry; everything else
 * follows the app's rule (no retry on 401, otherwise once).
 */
export function retryUnlessAnswered(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.httpStatus === 200) return false;
  return shouldRetry(failureCount, error);
}

/** Queries run only with a session (e-mail and token) and a chosen monitoring point. */
export function canQueryDevice(deviceId: number): boolean {
  return deviceId > 0 && hasCredentials();
}
