// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '@/lib/page-navigation';
import { latestAnnouncementKey } from '@/lib/queries/announcement-keys';
import { readSession } from '@/lib/session';
import { jsonResponse, stubNetwork } from '@/testing/network';
import { storeSession } from '@/testing/session';
import {
  announcementRetryDelay,
  fetchLatestAnnouncement,
  latestAnnouncementQueryOptions,
} from './latest-announcement';

const LATEST = '/v1/Web/Announcement/Latest';
const announcement = { id: 4, text: 'Planned maintenance', published_date: '2026-11-20T01:00:00Z' };
const authorization = (init: RequestInit | undefined) =>
  new Headers(init?.headers).get('Authorization');

describe('fetchLatestAnnouncement', () => {
  it('asks with GET, no body, and the bearer token of a live session', async () => {
    const session = storeSession();
    const { requests } = stubNetwork(() => jsonResponse(announcement));
    await expect(fetchLatestAnnouncement()).resolves.toEqual(announcement);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.path).toBe(LATEST);
    expect(requests[0]?.init.method).toBe('GET');
    expect(requests[0]?.init.body).toBeUndefined();
    expect(authorization(requests[0]?.init)).toBe(`Bearer ${session.token}`);
  });

  it('asks without a token when nobody is signed in (the call needs none)', async () => {
    const { requests } = stubNetwork(() => jsonResponse(null));
    await expect(fetchLatestAnnouncement()).resolves.toBeNull();
    expect(authorization(requests[0]?.init)).toBeNull();
  });

  it('sends no expired token, and an expired session does not sign out through this call', async () => {
    storeSession({ dtTokenExpire: '2020-01-01T00:00:00Z' });
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
    const { requests } = stubNetwork(() => jsonResponse(announcement));
    await expect(fetchLatestAnnouncement()).resolves.toEqual(announcement);
    expect(authorization(requests[0]?.init)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    expect(readSession()).not.toBeNull();
  });

  it('rejects an answer that breaks the contract', async () => {
    storeSession();
    stubNetwork(() =>
      jsonResponse({ ...announcement, publishedDate: 'x', published_date: undefined }),
    );
    await expect(fetchLatestAnnouncement()).rejects.toMatchObject({ kind: 'invalid response' });
  });
});

describe('latest announcement query options (own cache and retry rules)', () => {
  const options = latestAnnouncementQueryOptions('demo@wattboard.local');

  it('are stale after 5 min, cached 10 min, polled every 5 min, retried twice, not refetched on focus', () => {
    expect(options).toMatchObject({
      staleTime: 5 * 60_000,
      gcTime: 10 * 60_000,
      refetchInterval: 5 * 60_000,
      retry: 2,
      refetchOnWindowFocus: false,
      throwOnError: false,
    });
    expect(options.retryDelay).toBe(announcementRetryDelay);
  });

  it('live under the shared key the notification store invalidates, per user', () => {
    expect(options.queryKey.slice(0, latestAnnouncementKey.length)).toEqual([
      ...latestAnnouncementKey,
    ]);
    expect(options.queryKey).toEqual(['announcement', 'latest', { email: 'demo@wattboard.local' }]);
  });

  it('back off as min(1000 * 2^n, 30000) ms', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(announcementRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});
