import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { vi, beforeAll, beforeEach } from 'vitest';
import { HubProvider } from '@/lib/hub';
import { FakeHubConnection } from '@/testing/hub/fake-hub-connection';
import { NotificationsProvider } from '@/lib/notifications';
import { createQueryClient } from '@/lib/query-client';
import { channelListBody, jsonResponse, stubNetwork } from '@/testing/network';
import { storeSession } from '@/testing/session';
import { consumeRatioBody, overviewBody, powerChartBody, TODAY } from './overview-fixtures';
import { costSummaryBody } from './cost-fixtures';
import { OverviewPage } from '@/features/overview/components/OverviewPage';

type Answer = (body: Record<string, unknown>) => unknown;

export const CALLS = {
  overview: '/v1/Web/Overview',
  chart: '/v1/Web/Overview/PowerChart',
  ratio: '/v1/Web/Overview/ConsumeRatio',
  cost: '/v1/Web/Cost/Summary',
} as const;

/**
 * The Overview page with the demo factory's server at the network boundary
 * (fetch) and a fake hub connection that confirms subscriptions the way the
 * server does, unless `confirm` is false.
 */
export function renderOverview({
  answers = {},
  confirm = true,
}: { answers?: Partial<Record<string, Answer>>; confirm?: boolean } = {}) {
  storeSession();
  const defaults: Record<string, Answer> = {
    '/v1/Web/Factory/Channel/List': () => channelListBody(),
    [CALLS.overview]: () => overviewBody(),
    [CALLS.chart]: (body) => powerChartBody(String(body.date ?? TODAY)),
    [CALLS.ratio]: (body) => consumeRatioBody(body),
    [CALLS.cost]: () => costSummaryBody(),
  };
  const network = stubNetwork((path, init) => {
    const answer = answers[path] ?? defaults[path];
    if (!answer) return jsonResponse({ statusCode: 201, message: `no route ${path}` }, 404);
    const result = answer(JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>);
    return result instanceof Response ? result : jsonResponse(result);
  });
  const connections: FakeHubConnection[] = [];
  const createConnection = () => {
    const connection = new FakeHubConnection();
    connection.nextStart = 'succeed';
    connection.answer = async (method, args) => {
      if (confirm && method === 'SubscribeToDevice') {
        queueMicrotask(() => connection.emit('SubscriptionConfirmed', { deviceId: args[0] }));
      }
      return undefined;
    };
    connections.push(connection);
    return connection;
  };
  const router = createMemoryRouter(
    [
      { path: '/dashboard/overview', element: <OverviewPage /> },
      { path: '/dashboard/monitoring-point', element: <p>Monitoring point page</p> },
    ],
    { initialEntries: ['/dashboard/overview'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HubProvider createConnection={createConnection}>
        <NotificationsProvider>
          <RouterProvider router={router} />
        </NotificationsProvider>
      </HubProvider>
    </QueryClientProvider>,
  );
  const bodies = (path: string) =>
    network.requests.filter((r) => r.path === path).map((r) => r.body as Record<string, unknown>);
  return { router, bodies, hub: () => connections.at(-1)! };
}

/** Setup shared by the page's test files; call inside `describe`. */
export function prepareOverviewTests() {
  beforeAll(async () => {
    await import('@/features/overview/components/OverviewPage');
  }, 60_000);
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
}
