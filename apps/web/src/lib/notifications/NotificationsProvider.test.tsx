import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { NEW_FLAG_CLEAR_MS } from '@wattboard/contract';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '@/testing/session';
import { HubProvider } from '../hub';
import { fakeHubConnections } from '@/testing/hub/fake-hub-connection';
import { latestAnnouncementKey } from '../queries/announcement-keys';
import { createQueryClient } from '../query-client';
import { clearSession } from '../session';
import {
  alertReceived,
  alertWire,
  announcementReceived,
  announcementWire,
  connectionInitialized,
  listWire,
} from '@/testing/notifications/notification-fixtures';
import { NotificationsProvider, useNotifications } from './NotificationsProvider';

beforeEach(() => {
  // The client logs each ConnectionInitialized; the tests need not print it.
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
});

async function renderStore() {
  storeSession();
  const fakes = fakeHubConnections();
  const queryClient = createQueryClient();
  queryClient.setQueryData(latestAnnouncementKey, { id: 1, text: 'Old', published_date: '' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <HubProvider createConnection={fakes.createConnection}>
        <NotificationsProvider>{children}</NotificationsProvider>
      </HubProvider>
    </QueryClientProvider>
  );
  const view = renderHook(() => useNotifications(), { wrapper });
  await act(async () => {}); // the fake start resolves
  const push = (event: string, payload: unknown) => act(() => fakes.latest.emit(event, payload));
  const announcementInvalidated = () =>
    queryClient.getQueryState(latestAnnouncementKey)?.isInvalidated ?? false;
  return { ...view, fakes, push, announcementInvalidated };
}

describe('NotificationsProvider', () => {
  it('takes the first list after connecting as the initial load: no new flag, banner untouched', async () => {
    const { result, push, announcementInvalidated } = await renderStore();
    push('ConnectionInitialized', connectionInitialized());
    push(
      'NotificationReceived',
      listWire([alertWire(2), alertWire(1, { state: 'resolved' })], [announcementWire(4)]),
    );
    expect(result.current.abnormal.map((n) => [n.id, n.counter])).toEqual([
      [2, 1],
      [1, 2],
    ]);
    expect(result.current.official.map((n) => n.id)).toEqual([4]);
    expect(result.current.total).toBe(1);
    expect(result.current.hasNew).toBe(false);
    expect(announcementInvalidated()).toBe(false);
  });

  it('flags a later list as new, clears the flag after 3 s, and refetches the banner', async () => {
    const { result, push, announcementInvalidated } = await renderStore();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    push('NotificationReceived', listWire([alertWire(1)]));
    push('NotificationReceived', listWire([alertWire(1, { state: 'resolved' })], []));
    expect(result.current.hasNew).toBe(true);
    expect(result.current.total).toBe(0);
    expect(announcementInvalidated()).toBe(true);

    act(() => vi.advanceTimersByTime(NEW_FLAG_CLEAR_MS - 1));
    expect(result.current.hasNew).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.hasNew).toBe(false);
  });

  it('treats the first list after a reconnect as an initial load again', async () => {
    const { result, push, fakes } = await renderStore();
    push('NotificationReceived', listWire([alertWire(1)]));
    act(() => fakes.latest.loseConnection());
    act(() => fakes.latest.reconnect());
    push('NotificationReceived', listWire([alertWire(3), alertWire(1)]));
    expect(result.current.abnormal.map((n) => n.id)).toEqual([3, 1]);
    expect(result.current.hasNew).toBe(false);
  });

  it('adds a single alert at the front and flags it, from AlertReceived or NotificationReceived', async () => {
    const { result, push } = await renderStore();
    push('NotificationReceived', listWire([alertWire(1)]));
    push('AlertReceived', alertReceived(2));
    push('NotificationReceived', alertReceived(3));
    expect(result.current.abnormal.map((n) => [n.id, n.counter])).toEqual([
      [3, 1],
      [2, 2],
      [1, 3],
    ]);
    expect(result.current.total).toBe(3);
    expect(result.current.hasNew).toBe(true);
  });

  it('adds a new announcement and refetches the banner', async () => {
    const { result, push, announcementInvalidated } = await renderStore();
    push('NotificationReceived', listWire([], [announcementWire(1)]));
    expect(announcementInvalidated()).toBe(false);
    push('AnnouncementReceived', announcementReceived(2));
    expect(result.current.official.map((n) => [n.id, n.type])).toEqual([
      [2, 'Official'],
      [1, 'Official'],
    ]);
    expect(announcementInvalidated()).toBe(true);
  });

  it('ignores a malformed push and keeps what it had', async () => {
    const { result, push } = await renderStore();
    push('NotificationReceived', listWire([alertWire(1)]));
    push('AlertReceived', { type: 'Abnormal', id: 2 });
    expect(result.current.abnormal.map((n) => n.id)).toEqual([1]);
  });

  it('forgets everything on sign-out', async () => {
    const { result, push } = await renderStore();
    push('NotificationReceived', listWire([alertWire(1)], [announcementWire(1)]));
    await act(async () => clearSession());
    expect(result.current).toEqual({ abnormal: [], official: [], hasNew: false, total: 0 });
  });
});
