import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { overviewBody } from '@/testing/overview/overview-fixtures';
import { channelListBody, jsonResponse, stubNetwork } from '@/testing/network';
import { renderApp } from '@/testing/render-app';
import { storeSession } from '@/testing/session';

function serveDemoFactory() {
  return stubNetwork((path) => {
    if (path.startsWith('/v1/Web/Factory/Channel/List')) return jsonResponse(channelListBody());
    if (path === '/v1/Web/Overview') return jsonResponse(overviewBody());
    return jsonResponse({ statusCode: 201, message: `no route ${path}` }, 404);
  });
}

async function frameLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  const monitor = within(nav).getByRole('link', { name: 'Monitor Point' });
  await waitFor(() => expect(monitor.getAttribute('href')).toContain('deviceId=7'));
  const href = (name: string) => within(nav).getByRole('link', { name }).getAttribute('href');
  const controls = within(await screen.findByTestId('overview-controls'));
  return {
    overview: href('Overview'),
    monitor: href('Monitor Point'),
    control: href('Control'),
    report: href('Report'),
    admin: href('Admin'),
    home: screen.getByRole('link', { name: 'Wattboard home' }).getAttribute('href'),
    openControl: controls.getByRole('link', { name: 'Open Control' }).getAttribute('href'),
  };
}

// In dev mode is_dev=1 is on every in-app link except admin, also when the
// dev mode comes from the address (?is_dev=1) of a production build (issue #23).
describe('in-app links in dev mode', () => {
  beforeAll(async () => {
    await Promise.all([
      import('../routes/ProtectedFrame'),
      import('@/features/overview/components/OverviewPage'),
    ]);
  }, 60_000);

  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('carry is_dev=1 when the address has it, in a production build', async () => {
    vi.stubEnv('DEV', false);
    storeSession({ username: 'Admin', email: 'admin@wattboard.local' });
    serveDemoFactory();
    renderApp('/dashboard/overview?is_dev=1');
    const links = await frameLinks();
    expect(links.overview).toBe('/dashboard/overview?is_dev=1');
    expect(links.control).toBe('/dashboard/control?is_dev=1');
    expect(links.monitor).toMatch(/&resolution=5&is_dev=1$/);
    expect(links.report).toMatch(/&is_dev=1$/);
    expect(links.home).toBe('/dashboard?is_dev=1');
    expect(links.openControl).toBe('/dashboard/control?is_dev=1');
    expect(links.admin).toBe('/dashboard/admin');
  });

  it('carry nothing outside dev mode', async () => {
    vi.stubEnv('DEV', false);
    storeSession({ username: 'Admin', email: 'admin@wattboard.local' });
    serveDemoFactory();
    renderApp('/dashboard/overview');
    const links = await frameLinks();
    for (const href of Object.values(links)) expect(href).not.toContain('is_dev');
  });
});
