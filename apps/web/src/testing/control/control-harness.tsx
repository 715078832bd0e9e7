import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ToastContainer } from 'react-toastify';
import { beforeAll } from 'vitest';
import { HubProvider } from '@/lib/hub';
import { FakeHubConnection } from '@/testing/hub/fake-hub-connection';
import { createQueryClient } from '@/lib/query-client';
import { channelListBody, jsonResponse, stubNetwork } from '@/testing/network';
import { storeSession } from '@/testing/session';
import { accountBody } from '@/testing/account';
import type { EffectiveRole } from '@wattboard/contract';
import { ControlPage } from '@/features/control/components/ControlPage';
import { groupFixture, messageBody, scheduleBody } from './fixtures';

type Answer = (body: Record<string, unknown>) => unknown;

/** A server answer held back until `release()`: what the page shows before the server answers. */
export function heldAnswer(answer: () => unknown) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    answer: async () => {
      await held;
      return jsonResponse(answer());
    },
    release: () => release(),
  };
}

export const CONTROL_CALLS = {
  groups: '/v1/Channel/Group',
  groupStatus: '/v1/Channel/Group/Update?action=updateGroupStatus',
  channelStatus: '/v1/Channel/Group/Update?action=updateChannelStatus',
  channelInfo: '/v1/Channel/Group/Update?action=updateChannelInfo',
  schedule: '/v1/Channel/Schedule',
  scheduleUpdate: '/v1/Channel/Schedule/Update',
} as const;

/**
 * The Control page with the server at the network boundary (fetch, answers
 * shaped by the contract's fixtures) and a fake hub connection. With `role`
 * the account call answers it (without, it is not served: the page allows all).
 */
export function renderControl({
  answers = {},
  role,
}: { answers?: Partial<Record<string, Answer>>; role?: EffectiveRole } = {}) {
  storeSession();
  const defaults: Record<string, Answer> = {
    '/v1/Web/Factory/Channel/List': () => channelListBody(),
    [CONTROL_CALLS.groups]: () => groupFixture(),
    [CONTROL_CALLS.schedule]: () => scheduleBody(),
    [CONTROL_CALLS.groupStatus]: () => messageBody('/v1/Channel/Group/Update'),
    [CONTROL_CALLS.channelStatus]: () => messageBody('/v1/Channel/Group/Update'),
    [CONTROL_CALLS.channelInfo]: () => messageBody('/v1/Channel/Group/Update'),
    [CONTROL_CALLS.scheduleUpdate]: () => messageBody('/v1/Channel/Schedule/Update'),
    ...(role && { '/v1/User/Account': () => accountBody(role) }),
  };
  const network = stubNetwork((path, init) => {
    const answer = answers[path] ?? defaults[path];
    if (!answer) return jsonResponse({ statusCode: 201, message: `no route ${path}` }, 404);
    const result = answer(JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>);
    if (result instanceof Promise) return result as Promise<Response>;
    return result instanceof Response ? result : jsonResponse(result);
  });
  const connections: FakeHubConnection[] = [];
  const createConnection = () => {
    const connection = new FakeHubConnection();
    connection.nextStart = 'succeed';
    connections.push(connection);
    return connection;
  };
  const router = createMemoryRouter(
    [
      { path: '/dashboard/control', element: <ControlPage /> },
      { path: '/dashboard/overview', element: <p>Overview page</p> },
    ],
    { initialEntries: ['/dashboard/control'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HubProvider createConnection={createConnection}>
        <RouterProvider router={router} />
        <ToastContainer />
      </HubProvider>
    </QueryClientProvider>,
  );
  const bodies = (path: string) =>
    network.requests.filter((r) => r.path === path).map((r) => r.body as Record<string, unknown>);
  return { router, bodies, hub: () => connections.at(-1)! };
}

/** Waits for the groups to be on screen. */
export async function groupsShown() {
  return screen.findByTestId('group-1');
}

export function prepareControlTests() {
  beforeAll(async () => {
    await import('@/features/control/components/ControlPage');
  }, 60_000);
}

/** A failed call as the server answers it (HTTP 500, generic message). */
export const serverFault = () =>
  jsonResponse({ statusCode: 201, message: 'Internal error', requestId: 'r1' }, 500);
