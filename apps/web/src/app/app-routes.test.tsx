import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { overviewBody } from '@/testing/overview/overview-fixtures';
import { pageNavigation } from '@/lib/page-navigation';
import { readSession } from '@/lib/session';
import { channelListBody, envelope, jsonResponse, stubNetwork } from '@/testing/network';
import { renderApp } from '@/testing/render-app';
import { storeSession } from '@/testing/session';

function serveDemoFactory() {
  return stubNetwork((path) => {
    if (path.startsWith('/v1/Web/Factory/Channel/List')) return jsonResponse(channelListBody());
    if (path === '/v1/Web/Overview') return jsonResponse(overviewBody());
    if (path === '/User/SignOut') return jsonResponse(envelope('demo@wattboard.local', path));
    return jsonResponse({ statusCode: 201, message: `no route ${path}` }, 404);
  });
}

// Lazy routes transform their modules on first import; on a busy machine that
// alone can outlast a findBy wait, so load them once before the guards run.
beforeAll(async () => {
  await Promise.all([
    import('./routes/ProtectedFrame'),
    import('./routes/LoginRoute'),
    import('@/features/overview/components/OverviewPage'),
    import('@/features/report/components/ReportPage'),
  ]);
}, 60_000);

describe('route guards', () => {
  it('sends a visitor to the login screen from any page', async () => {
    serveDemoFactory();
    for (const path of ['/', '/dashboard', '/dashboard/overview', '/dashboard/report?deviceId=3']) {
      const { router, unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard/login');
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('sends a signed-in user from login to the overview', async () => {
    storeSession();
    serveDemoFactory();
    const { router } = renderApp('/dashboard/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/overview');
  });

  it('clears an expired session and reloads', async () => {
    storeSession({ dtTokenExpire: '2020-01-01T00:00:00Z' });
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
    serveDemoFactory();
    const { router } = renderApp('/dashboard/overview');
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/login'));
  });

  it('sends an unknown dashboard path to the overview', async () => {
    storeSession();
    serveDemoFactory();
    const { router } = renderApp('/dashboard/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/overview');
  });
});

describe('the signed-in frame', () => {
  it('shows the overview in the current language', async () => {
    storeSession();
    serveDemoFactory();
    renderApp('/dashboard/overview');
    expect(await screen.findByTestId('real-time-demand')).toHaveTextContent('412.3 kW');
    const meters = within(screen.getByTestId('overview-power-info'));
    // The cards below the first screen show the answer in a second pass.
    expect(await meters.findByRole('link', { name: 'Office' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: '中文' }));
    // The second pass follows the language too, a moment later on a busy machine.
    expect(await meters.findByRole('link', { name: '辦公室' })).toBeInTheDocument();
    expect(screen.getByText('即時需量')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '總覽' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '主選單' });
    expect(within(nav).getByRole('link', { name: '監測點' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登出' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '設定' })).toBeInTheDocument();
    // The live connection starts a second after the frame: either state, in 中文.
    expect(screen.getByTestId('connection-status')).toHaveTextContent(/^(未連線|連線中)$/);
  });

  it('links to every page with today and the first channel, marking the active one', async () => {
    storeSession();
    serveDemoFactory();
    renderApp('/dashboard/overview');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const monitor = within(nav).getByRole('link', { name: 'Monitor Point' });
    await waitFor(() => expect(monitor.getAttribute('href')).toContain('deviceId=7'));
    // Tests run in Vite's dev mode, so every link but Admin carries is_dev=1.
    expect(import.meta.env.DEV).toBe(true);
    expect(monitor.getAttribute('href')).toMatch(
      /^\/dashboard\/monitoring-point\?deviceId=7&startDate=\d{4}-\d{2}-\d{2}&endDate=\d{4}-\d{2}-\d{2}&resolution=5&is_dev=1$/,
    );
    expect(within(nav).getByRole('link', { name: 'Report' }).getAttribute('href')).toMatch(
      /^\/dashboard\/report\?deviceId=7&startDate=/,
    );
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Control' })).not.toHaveAttribute('aria-current');
    expect(within(nav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('shows the Admin entry to the user named Admin only', async () => {
    storeSession({ username: 'Admin', email: 'admin@wattboard.local' });
    serveDemoFactory();
    renderApp('/dashboard/overview');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Admin' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
  });

  it('opens a lazy page and keeps the chosen monitoring point in the URL', async () => {
    storeSession();
    serveDemoFactory();
    const { router } = renderApp('/dashboard/overview');
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() =>
      expect(
        within(nav).getByRole('link', { name: 'Monitor Point' }).getAttribute('href'),
      ).toContain('deviceId=7'),
    );
    await user.click(within(nav).getByRole('link', { name: 'Monitor Point' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Monitor Point' }),
    ).toBeInTheDocument();

    const picker = await screen.findByRole('combobox', { name: 'Monitoring point' });
    expect(picker).toHaveDisplayValue('Incoming supply');
    await user.selectOptions(picker, 'Meter 1');
    expect(new URLSearchParams(router.state.location.search).get('deviceId')).toBe('9');
    expect(new URLSearchParams(router.state.location.search).get('resolution')).toBe('5');
    expect(within(screen.getByTestId('monitoring-params')).getByText('9')).toBeInTheDocument();
  });

  it('shows the username, or the e-mail before the at-sign when there is none', async () => {
    storeSession({ username: '', email: 'plant.manager@factory.tw' });
    serveDemoFactory();
    renderApp('/dashboard/overview');
    expect(await screen.findByTestId('user-name')).toHaveTextContent('plant.manager');
    expect(screen.getByText('Business')).toBeInTheDocument();
    expect(screen.getByText('Since 28 Oct 2024')).toBeInTheDocument();
    expect(screen.getByTestId('connection-status')).toHaveTextContent('disconnected');
  });

  it('opens the settings dialog on its About tab', async () => {
    storeSession();
    serveDemoFactory();
    renderApp('/dashboard/overview');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    // The dialog's panel is its own chunk, fetched on the first click.
    const dialog = await screen.findByRole('dialog', { name: 'Setting' });
    expect(within(dialog).getByRole('tab', { name: 'About' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByRole('tab', { name: 'Alarm Notice' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    for (const text of ['v1.1-beta', 'demo', 'demo@wattboard.local', 'Business', '28 Oct 2024']) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveFocus();
  });

  it('shows the factory clock only when signed in', async () => {
    storeSession();
    serveDemoFactory();
    renderApp('/dashboard/overview');
    // The stub answered 14:03:05 in Taipei a moment ago.
    expect(await screen.findByTestId('factory-clock-time')).toHaveTextContent(/^14:03:0\d$/);
    expect(screen.getByTestId('factory-clock-date')).toHaveTextContent('21 Nov 2026');
  });

  it('has no clock on the login screen', async () => {
    renderApp('/dashboard/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.queryByTestId('factory-clock-time')).not.toBeInTheDocument();
  });
});

describe('log out', () => {
  it('revokes the token on the server, clears the session and goes to login', async () => {
    const session = storeSession();
    const replace = vi.spyOn(pageNavigation, 'replace').mockImplementation(() => {});
    const { requests } = serveDemoFactory();
    renderApp('/dashboard/overview');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/dashboard/login'));
    const signOut = requests.find((request) => request.path === '/User/SignOut');
    expect(signOut?.body).toMatchObject({ email: session.email, token: session.token });
    expect(readSession()).toBeNull();
  });

  it('still signs out locally when the server call fails', async () => {
    storeSession();
    const replace = vi.spyOn(pageNavigation, 'replace').mockImplementation(() => {});
    // Only the sign-out fails; every other call is answered as serveDemoFactory does (a
    // channel-list body for every path made the Overview's own calls contract errors).
    stubNetwork((path) => {
      if (path === '/User/SignOut') {
        return jsonResponse({ statusCode: 201, message: 'Internal server error' }, 500);
      }
      if (path.startsWith('/v1/Web/Factory/Channel/List')) return jsonResponse(channelListBody());
      if (path === '/v1/Web/Overview') return jsonResponse(overviewBody());
      return jsonResponse({ statusCode: 201, message: `no route ${path}` }, 404);
    });
    renderApp('/dashboard/overview');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/dashboard/login'));
    expect(readSession()).toBeNull();
  });
});

describe('error fallback', () => {
  it('shows a contract failure with its details and logs out by clearing all storage', async () => {
    storeSession();
    localStorage.setItem('something-else', 'kept until logout');
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubNetwork(() => jsonResponse(channelListBody({ channelList: [{ id: 'x' }] })));
    renderApp('/dashboard/overview');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByText('ContractError')).toBeInTheDocument();
    expect(screen.getByText(/invalid response/)).toBeInTheDocument();
    expect(screen.getByText(/at AppFrame/)).toBeInTheDocument(); // the component stack

    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out and reload' }));
    expect(localStorage.length).toBe(0);
    expect(reload).toHaveBeenCalled();
  });
});
