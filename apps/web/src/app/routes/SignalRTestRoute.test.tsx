import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { channelListBody, jsonResponse, stubNetwork } from '@/testing/network';
import { renderApp } from '@/testing/render-app';
import { storeSession } from '@/testing/session';

function serveDemoFactory() {
  return stubNetwork((path) => {
    if (path.startsWith('/v1/Web/Factory/Channel/List')) return jsonResponse(channelListBody());
    if (path === '/v1/Web/Announcement/Latest') return jsonResponse(null);
    return jsonResponse({ statusCode: 201, message: `no route ${path}` }, 404);
  });
}

const TEST_SCREEN = { level: 1, name: 'SignalR Connection Test' } as const;

describe('the developer test screen route', () => {
  // The router loads the frame and the screen lazily; transform them once up front so the
  // first test's wait is about the route, not about the test runner's compiler.
  beforeAll(async () => {
    await Promise.all([import('./ProtectedFrame'), import('./SignalRTestRoute')]);
  }, 60_000);

  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('opens in a development build', async () => {
    storeSession();
    serveDemoFactory();
    const { router } = renderApp('/dashboard/signalr-test');
    expect(await screen.findByRole('heading', TEST_SCREEN)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/signalr-test');
  });

  it('is not a sidebar entry', async () => {
    storeSession();
    serveDemoFactory();
    renderApp('/dashboard/signalr-test');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav.querySelector('a[href*="signalr-test"]')).toBeNull();
  });

  it('sends a production build without is_dev=1 to the dashboard', async () => {
    vi.stubEnv('DEV', false);
    storeSession();
    serveDemoFactory();
    const { router } = renderApp('/dashboard/signalr-test');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/overview');
    expect(screen.queryByRole('heading', TEST_SCREEN)).not.toBeInTheDocument();
  });

  it('opens in a production build with is_dev=1', async () => {
    vi.stubEnv('DEV', false);
    storeSession();
    serveDemoFactory();
    const { router } = renderApp('/dashboard/signalr-test?is_dev=1');
    expect(await screen.findByRole('heading', TEST_SCREEN)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?is_dev=1');
  });

  it('still needs a signed-in user', async () => {
    serveDemoFactory();
    const { router } = renderApp('/dashboard/signalr-test');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/login');
  });
});
