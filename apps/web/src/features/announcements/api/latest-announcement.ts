import { queryOptions, useQuery } from '@tanstack/react-query';
import { announcementLatestGet } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { latestAnnouncementKey } from '@/lib/queries/announcement-keys';
import { hasCredentials } from '@/lib/session';

const MINUTE_MS = 60_000;

/** The announcement's own cache and retry rules (not the app's defaults). */
export const ANNOUNCEMENT_STALE_MS = 5 * MINUTE_MS;
export const ANNOUNCEMENT_CACHE_MS = 10 * MINUTE_MS;
export const ANNOUNCEMENT_POLL_MS = 5 * MINUTE_MS;
export const ANNOUNCEMENT_RETRIES = 2;
const MAX_RETRY_DELAY_MS = 30_000;

/** Backoff: min(1000 * 2^n, 30000) ms before retry n (TanStack counts failures from 0). */
export function announcementRetryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, MAX_RETRY_DELAY_MS);
}

/**
 * GET /v1/Web/Announcement/Latest. It needs no token, but signed in the
 * server answers the newest for the caller's factory, so the
 * token goes along when there is one. null means there is none.
 */
export function fetchLatestAnnouncement() {
  return callApi(announcementLatestGet, {}, { tokenWhenSignedIn: true });
}

/**
 * Keyed under the shared `latestAnnouncementKey`, so the notification store's
 * invalidation (a new announcement list arrived) reaches it; the e-mail tells
 * one user's answer from another's.
 */
export function latestAnnouncementQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...latestAnnouncementKey, { email }] as const,
    queryFn: fetchLatestAnnouncement,
    staleTime: ANNOUNCEMENT_STALE_MS,
    gcTime: ANNOUNCEMENT_CACHE_MS,
    refetchInterval: ANNOUNCEMENT_POLL_MS,
    retry: ANNOUNCEMENT_RETRIES,
    retryDelay: announcementRetryDelay,
    refetchOnWindowFocus: false,
    // A failed announcement read hides the banner and logs a warning, even for a contract
    // mismatch: a bad banner must not take the whole page to the error screen.
    throwOnError: false,
    // Queries run only when both e-mail and token exist.
    enabled: () => hasCredentials(),
  });
}

/** The newest announcement for the signed-in user, polled every 5 minutes. */
export function useLatestAnnouncement() {
  const session = useSession();
  return useQuery(latestAnnouncementQueryOptions(session?.email ?? ''));
}
