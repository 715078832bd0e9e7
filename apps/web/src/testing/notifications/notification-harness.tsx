import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { HubProvider } from '@/lib/hub';
import { fakeHubConnections } from '@/testing/hub/fake-hub-connection';
import { NotificationsProvider } from '@/lib/notifications';
import { createQueryClient } from '@/lib/query-client';
import { channelListBody, envelope, jsonResponse, stubNetwork } from '@/testing/network';
import { storeSession } from '@/testing/session';
import { accountBody } from '@/testing/account';
import type { EffectiveRole } from '@wattboard/contract';

/** The answer of PUT /v1/Event/{id}/resolve. */
export const resolvedBody = (id: number) => ({
  ...envelope('demo@wattboard.local', `/v1/Event/${id}/resolve`),
  message: 'Alarm cleared.',
  alarmId: id,
});

type ResolveHandler = (id: number) => Response | Promise<Response>;

/**
 * Renders UI inside the real hub and notification providers, on a fake
 * connection the test drives, with `fetch` stubbed at the network boundary
 * (the channel list gives the factory zone, Asia/Taipei; the account, the
 * signed-in user's role: the demo user's manager unless told).
 */
export async function renderWithNotifications(
  ui: ReactNode,
  {
    onResolve = (id: number) => jsonResponse(resolvedBody(id)),
    role = 'manager',
  }: { onResolve?: ResolveHandler; role?: EffectiveRole } = {},
) {
  storeSession();
  const network = stubNetwork((path) => {
    const resolve = /^\/v1\/Event\/(\d+)\/resolve$/.exec(path);
    if (resolve) return onResolve(Number(resolve[1]));
    if (path === '/v1/Web/Factory/Channel/List') return jsonResponse(channelListBody());
    if (path === '/v1/User/Account') return jsonResponse(accountBody(role));
    return jsonResponse({ statusCode: 1011, message: `No stub for ${path}` }, 404);
  });
  const fakes = fakeHubConnections();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <HubProvider createConnection={fakes.createConnection}>
        <NotificationsProvider>
          {ui}
          <ToastContainer />
        </NotificationsProvider>
      </HubProvider>
    </QueryClientProvider>,
  );
  await act(async () => {}); // the fake connection starts
  const push = (event: string, payload: unknown) => act(() => fakes.latest.emit(event, payload));
  return { ...view, ...network, fakes, push };
}
