import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { userFactoriesResponse, type MyFactory } from '@wattboard/contract';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { envelope, jsonResponse, stubNetwork } from '@/testing/network';
import { storeSession } from '@/testing/session';
import { FactorySwitcher } from './FactorySwitcher';

const TAIPEI: MyFactory = {
  factoryId: 1,
  name: 'Taipei Plant',
  nameZh: '臺北廠',
  role: 'manager',
  current: true,
};
const TAINAN: MyFactory = {
  factoryId: 2,
  name: 'Tainan Plant',
  nameZh: '臺南廠',
  role: 'viewer',
  current: false,
};

/** The server: the person's factories, the switch, and a figure that is each factory's own. */
function serve(initial: MyFactory[], refused: readonly number[] = []) {
  let current = initial.find((factory) => factory.current)?.factoryId ?? 0;
  const network = stubNetwork((path, init) => {
    const body = JSON.parse(String(init.body ?? '{}')) as { toFactoryId?: number };
    if (path === '/v1/User/Factories') {
      const factories = initial.map((f) => ({ ...f, current: f.factoryId === current }));
      return jsonResponse(
        userFactoriesResponse.parse({ ...envelope('demo@x.example', path), factories }),
      );
    }
    if (path === '/v1/User/SwitchFactory') {
      const target = initial.find((f) => f.factoryId === body.toFactoryId);
      if (!target || refused.includes(target.factoryId))
        return jsonResponse({ ...envelope('demo@x.example', path), statusCode: 1008 });
      current = target.factoryId;
      return jsonResponse({
        ...envelope('demo@x.example', path),
        factory: { ...target, current: true },
      });
    }
    if (path === '/figure') return jsonResponse({ kwh: current === 1 ? 111 : 222 });
    return jsonResponse({ statusCode: 201, message: `no route ${path}` }, 404);
  });
  return network;
}

/** A page figure that belongs to whichever factory the session looks at (factoryId 0). */
function Figure() {
  const { data } = useQuery({
    queryKey: ['figure'],
    queryFn: async () => ((await (await fetch('/figure')).json()) as { kwh: number }).kwh,
    staleTime: Infinity,
  });
  return <p data-testid="figure">{data ?? 'loading'}</p>;
}

function renderSwitcher(start = '/dashboard/report') {
  storeSession();
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/*',
        element: (
          <>
            <FactorySwitcher />
            <Figure />
          </>
        ),
      },
    ],
    { initialEntries: [start] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('FactorySwitcher', () => {
  it('is not shown to a person in one factory', async () => {
    const network = serve([TAIPEI]);
    renderSwitcher();
    await waitFor(() =>
      expect(network.requests.map((r) => r.path)).toContain('/v1/User/Factories'),
    );
    await screen.findByText('111');
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('switches: posts the factory, reads every answer again and opens the Overview', async () => {
    const network = serve([TAIPEI, TAINAN]);
    const router = renderSwitcher();
    const select = await screen.findByRole('combobox', { name: 'Factory' });
    expect(select).toHaveValue('1');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Taipei Plant',
      'Tainan Plant',
    ]);
    await screen.findByText('111');

    await userEvent.selectOptions(select, '2');
    // The old factory's figure is gone and the new one's is read (its query never goes stale).
    await screen.findByText('222');
    expect(network.requests.find((r) => r.path === '/v1/User/SwitchFactory')?.body).toMatchObject({
      toFactoryId: 2,
    });
    await waitFor(() => expect(select).toHaveValue('2'));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('names the factories in Chinese on a Chinese page', async () => {
    serve([TAIPEI, TAINAN]);
    await act(() => i18n.changeLanguage('zh'));
    renderSwitcher();
    await screen.findByRole('combobox', { name: '工廠' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['臺北廠', '臺南廠']);
  });

  it('stays on the factory it is on when the server refuses the switch', async () => {
    // The list offers Tainan, but the person was removed there meanwhile.
    const network = serve([TAIPEI, TAINAN], [TAINAN.factoryId]);
    renderSwitcher();
    const select = await screen.findByRole('combobox', { name: 'Factory' });
    await screen.findByText('111');
    await userEvent.selectOptions(select, '2');
    await waitFor(() =>
      expect(network.requests.filter((r) => r.path === '/v1/User/SwitchFactory')).toHaveLength(1),
    );
    expect(select).toHaveValue('1');
    expect(screen.getByTestId('figure')).toHaveTextContent('111');
  });
});
