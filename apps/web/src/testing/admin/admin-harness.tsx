import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '@/lib/query-client';
import { channelListBody, envelope, jsonResponse, stubNetwork } from '@/testing/network';
import { storeSession } from '@/testing/session';
import { AdminPage } from '@/features/admin/components/AdminPage';

/** Test-only: the Admin page with the factory's server at the network boundary (fetch). */

export const ADMIN_EMAIL = 'admin@wattboard.local';

type Answer = (body: Record<string, unknown>) => unknown;
export type Answers = Partial<Record<string, Answer>>;

/** A successful answer of `path` with the call's fields. */
export function ok(path: string, fields: Record<string, unknown>) {
  return { ...envelope(ADMIN_EMAIL, path), username: 'Admin', ...fields };
}

/** A refusal as the server sends it: statusCode and message, on HTTP 200 unless told. */
export function refusal(message: string, statusCode = 201, httpStatus = 200) {
  return jsonResponse({ statusCode, message }, httpStatus);
}

export function renderAdmin(
  section: string,
  answers: Answers,
  { username = 'Admin', email = ADMIN_EMAIL }: { username?: string; email?: string } = {},
) {
  storeSession({ username, email });
  const network = stubNetwork((path, init) => {
    if (path === '/v1/Web/Factory/Channel/List') return jsonResponse(channelListBody());
    const answer = answers[path];
    if (!answer) return jsonResponse({ statusCode: 201, message: `no route ${path}` }, 404);
    const result = answer(JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>);
    return result instanceof Response ? result : jsonResponse(result);
  });
  const router = createMemoryRouter(
    [{ path: '/dashboard/admin/:section?', element: <AdminPage /> }],
    { initialEntries: [`/dashboard/admin/${section}`] },
  );
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, network };
}

/** The bodies sent to one path. */
export function sentTo(
  network: ReturnType<typeof stubNetwork>,
  path: string,
): Record<string, unknown>[] {
  return network.requests
    .filter((r) => r.path === path)
    .map((r) => r.body as Record<string, unknown>);
}
