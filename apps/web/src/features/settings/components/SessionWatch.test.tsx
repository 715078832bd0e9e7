import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HubProvider } from '@/lib/hub';
import { fakeHubConnections } from '@/testing/hub/fake-hub-connection';
import { pageNavigation } from '@/lib/page-navigation';
import { createQueryClient } from '@/lib/query-client';
import { readSession } from '@/lib/session';
import { envelope, jsonResponse, stubNetwork } from '@/testing/network';
import { storeSession } from '@/testing/session';
import { useUserAccount } from '@/lib/queries/user-account';
import { SessionWatch } from './SessionWatch';

const ACCOUNT = '/v1/User/Account';

function AccountReader() {
  useUserAccount();
  return null;
}

/** The frame as far as this matters: the account query, the hub and the watch. */
function renderWatched(revoked: { now: boolean }, hubStart: 'succeed' | 'hold' = 'succeed') {
  storeSession({ email: 'bob@example.com', username: 'Bob' });
  const network = stubNetwork((path) => {
    if (path !== ACCOUNT) return jsonResponse({ statusCode: 201, message: 'no route' }, 404);
    if (revoked.now) return jsonResponse({ statusCode: 1007, message: 'Token expired' }, 401);
    return jsonResponse({
      ...envelope('bob@example.com', ACCOUNT),
      userId: 5,
      username: 'Bob',
      isAdmin: false,
      role: 'viewer',
      mustChangePassword: false,
      lastSignInAt: null,
    });
  });
  const hub = fakeHubConnections({ nextStart: hubStart });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AccountReader />
      <HubProvider createConnection={hub.createConnection}>
        <SessionWatch />
      </HubProvider>
    </QueryClientProvider>,
  );
  return {
    network,
    hub,
    accountCalls: () => network.requests.filter((r) => r.path === ACCOUNT).length,
  };
}

describe('SessionWatch', () => {
  it('signs a revoked session out as soon as the server closes the live connection', async () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
    const revoked = { now: false };
    const { hub, accountCalls } = renderWatched(revoked);
    await waitFor(() => expect(accountCalls()).toBe(1));
    await waitFor(() => expect(hub.built).toHaveLength(1));

    revoked.now = true;
    act(() => hub.built[0]!.close(new Error('Server closed: the session is no longer valid')));
    await waitFor(() => expect(accountCalls()).toBe(2));
    await waitFor(() => expect(readSession()).toBeNull());
    expect(reload).toHaveBeenCalledOnce();
  });

  it('signs out a session revoked before the page connected (the start is refused)', async () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
    const revoked = { now: false };
    const { hub, accountCalls } = renderWatched(revoked, 'hold');
    await waitFor(() => expect(accountCalls()).toBe(1));
    await waitFor(() => expect(hub.built).toHaveLength(1));

    revoked.now = true;
    act(() => hub.built[0]!.finishStart(new Error('Failed to complete negotiation: 401')));
    await waitFor(() => expect(accountCalls()).toBe(2));
    await waitFor(() => expect(readSession()).toBeNull());
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reads the account once more when the connection merely drops, and keeps the session', async () => {
    const { hub, accountCalls } = renderWatched({ now: false });
    await waitFor(() => expect(accountCalls()).toBe(1));
    await waitFor(() => expect(hub.built).toHaveLength(1));
    act(() => hub.built[0]!.loseConnection());
    await waitFor(() => expect(accountCalls()).toBe(2));
    act(() => hub.built[0]!.reconnect());
    expect(readSession()).not.toBeNull();
  });
});
