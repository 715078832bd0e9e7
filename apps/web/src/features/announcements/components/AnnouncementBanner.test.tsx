import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-errors';
import { latestAnnouncementKey } from '@/lib/queries/announcement-keys';
import { createQueryClient } from '@/lib/query-client';
import { channelListBody, jsonResponse, stubNetwork } from '@/testing/network';
import { storeSession } from '@/testing/session';
import { latestAnnouncementQueryOptions } from '../api/latest-announcement';
import { DISMISSED_ANNOUNCEMENT_KEY } from '../model/banner';
import { AnnouncementBanner } from './AnnouncementBanner';

const LATEST = '/v1/Web/Announcement/Latest';

const maintenance = {
  id: 4,
  text: 'Planned maintenance on Saturday 08:00–12:00',
  published_date: '2026-11-20T01:00:00.000Z',
};

/** The server at the network boundary; `latest` answers the banner's call. */
function serve(latest: () => Response) {
  return stubNetwork((path) => {
    if (path === LATEST) return latest();
    if (path === '/v1/Web/Factory/Channel/List') return jsonResponse(channelListBody());
    return jsonResponse({ statusCode: 201, message: `no route ${path}` }, 404);
  });
}

/** The banner as the signed-in header holds it: under the app's own query client. */
function renderBanner(client: QueryClient = createQueryClient()) {
  const view = render(
    <QueryClientProvider client={client}>
      <AnnouncementBanner />
    </QueryClientProvider>,
  );
  return { client, ...view };
}

const banner = () => screen.queryByRole('region', { name: 'Announcement' });

// Taken before any test fakes the clock: a fetch body still needs real turns to be read.
const realSetTimeout = globalThis.setTimeout;

/**
 * Lets real I/O run until `condition` holds. With `tickMs`, the fake clock
 * also moves that far each turn: TanStack Query tells its observers on a
 * 0 ms timer, which the fake clock puts 1 ms ahead when set during a tick.
 */
async function realTurnsUntil(condition: () => boolean, { tickMs = 0, maxTurns = 200 } = {}) {
  for (let turn = 0; !condition(); turn += 1) {
    if (turn === maxTurns) throw new Error('The condition never held');
    await act(() => new Promise((resolve) => realSetTimeout(resolve, 0)));
    if (tickMs > 0) await act(() => vi.advanceTimersByTimeAsync(tickMs));
  }
}

const warnedUnavailable = () =>
  vi.mocked(console.warn).mock.calls.some(([text]) => text === 'Latest announcement unavailable:');

describe('announcement banner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the latest announcement's text and date, asking with GET and the bearer token", async () => {
    const session = storeSession();
    const { requests } = serve(() => jsonResponse(maintenance));
    renderBanner();

    expect(await screen.findByText(maintenance.text)).toBeInTheDocument();
    // 01:00 UTC is 09:00 in the factory's zone (Asia/Taipei), same day.
    expect(screen.getByText('2026/11/20')).toHaveAttribute('datetime', maintenance.published_date);
    const call = requests.find((request) => request.path === LATEST);
    expect(call?.init.method).toBe('GET');
    expect(call?.body).toBeUndefined();
    expect(new Headers(call?.init.headers).get('Authorization')).toBe(`Bearer ${session.token}`);
  });

  it('is hidden when there is no announcement', async () => {
    storeSession();
    const { requests } = serve(() => jsonResponse(null));
    renderBanner();
    await waitFor(() => expect(requests.some((r) => r.path === LATEST)).toBe(true));
    expect(banner()).not.toBeInTheDocument();
  });

  it('asks nothing without a session (queries need e-mail and token)', async () => {
    const { requests } = serve(() => jsonResponse(maintenance));
    const { client } = renderBanner();
    await act(() => client.refetchQueries());
    expect(requests.filter((r) => r.path === LATEST)).toEqual([]);
    expect(banner()).not.toBeInTheDocument();
  });

  it('closes with its close button and stays closed for that announcement after a reload', async () => {
    storeSession();
    serve(() => jsonResponse(maintenance));
    const first = renderBanner();
    await screen.findByText(maintenance.text);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Close announcement' }));
    expect(banner()).not.toBeInTheDocument();
    expect(localStorage.getItem(DISMISSED_ANNOUNCEMENT_KEY)).toBe('4');

    // A reload: new page, new cache, same stored choice.
    first.unmount();
    serve(() => jsonResponse(maintenance));
    const { client } = renderBanner();
    const { queryKey } = latestAnnouncementQueryOptions('demo@wattboard.local');
    await waitFor(() => expect(client.getQueryData(queryKey)).toEqual(maintenance));
    expect(banner()).not.toBeInTheDocument();
  });

  it('shows a newer announcement again after an older one was closed', async () => {
    storeSession();
    localStorage.setItem(DISMISSED_ANNOUNCEMENT_KEY, '4');
    let latest = maintenance;
    const { requests } = serve(() => jsonResponse(latest));
    const { client } = renderBanner();
    await waitFor(() => expect(requests.some((r) => r.path === LATEST)).toBe(true));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(banner()).not.toBeInTheDocument();

    // A new announcement list arrived: the notification store invalidates the shared key.
    latest = { id: 5, text: 'New tariff from December', published_date: '2026-11-21T02:00:00Z' };
    await act(() => client.invalidateQueries({ queryKey: latestAnnouncementKey }));
    expect(await screen.findByText('New tariff from December')).toBeInTheDocument();
    expect(banner()).toBeInTheDocument();
  });

  it('stays hidden (no error screen) when the answer breaks the contract', async () => {
    storeSession();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    serve(() => jsonResponse({ id: 4, text: 'No date' }));
    const { client } = renderBanner();
    const { queryKey } = latestAnnouncementQueryOptions('demo@wattboard.local');
    const failures = () => client.getQueryState(queryKey)?.fetchFailureCount ?? 0;
    for (const [index, backoffMs] of [1000, 2000].entries()) {
      await realTurnsUntil(() => failures() === index + 1);
      await act(() => vi.advanceTimersByTimeAsync(backoffMs));
    }
    await realTurnsUntil(warnedUnavailable, { tickMs: 1 });

    expect(console.warn).toHaveBeenCalledWith(
      'Latest announcement unavailable:',
      expect.objectContaining({ name: 'ContractError', kind: 'invalid response' }),
    );
    expect(banner()).not.toBeInTheDocument();
    expect(screen.queryByText('No date')).not.toBeInTheDocument();
  });

  it('stays hidden and logs a warning when the call fails, after its 2 retries', async () => {
    storeSession();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { requests } = serve(() =>
      jsonResponse({ statusCode: 201, message: 'Database down' }, 500),
    );
    const { client } = renderBanner();
    const { queryKey } = latestAnnouncementQueryOptions('demo@wattboard.local');
    const calls = () => requests.filter((r) => r.path === LATEST).length;
    const failures = () => client.getQueryState(queryKey)?.fetchFailureCount ?? 0;

    // Backoff 1 s after the first failure, then 2 s; nothing shows meanwhile.
    await realTurnsUntil(() => failures() === 1);
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(calls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls()).toBe(2);
    await realTurnsUntil(() => failures() === 2);
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(calls()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls()).toBe(3);
    await realTurnsUntil(warnedUnavailable, { tickMs: 1 });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(calls()).toBe(3);

    expect(banner()).not.toBeInTheDocument();
    expect(console.warn).toHaveBeenCalledWith(
      'Latest announcement unavailable:',
      expect.any(ApiError),
    );
  });
});
