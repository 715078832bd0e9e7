import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '@/lib/page-navigation';
import { readSession } from '@/lib/session';
import { jsonResponse, stubNetwork } from '@/testing/network';
import { SSO_MARK } from '../sso';
import { LoginPage } from './LoginPage';

describe('login screen: single sign-on', () => {
  it('offers single sign-on once the e-mail’s factory has it, and only then', async () => {
    const { requests } = stubNetwork((path) =>
      jsonResponse({
        startUrl: path.includes('plant.example') ? '/v1/Sso/Start?factory=plant' : null,
      }),
    );
    render(<LoginPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Account'), 'ana@plant.example');
    const link = await screen.findByRole('link', { name: 'Sign in with single sign-on' });
    expect(link.getAttribute('href')).toMatch(/\/v1\/Sso\/Start\?factory=plant$/);
    expect(requests.at(-1)?.path).toBe('/v1/Sso/Lookup?email=ana%40plant.example');

    await user.clear(screen.getByLabelText('Account'));
    await user.type(screen.getByLabelText('Account'), 'bo@elsewhere.example');
    await vi.waitFor(() => expect(requests.at(-1)?.path).toContain('elsewhere.example'));
    await vi.waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Sign in with single sign-on' })).toBeNull(),
    );
  });

  it('stores the session the provider’s round trip brought back, and goes in', () => {
    const replace = vi.spyOn(pageNavigation, 'replace').mockImplementation(() => {});
    window.history.replaceState(
      null,
      '',
      '/dashboard/login#email=ana%40plant.example&username=Ana&token=t0k3n&dtTokenExpire=2099-01-01T00%3A00%3A00.000Z',
    );
    render(<LoginPage />);
    expect(readSession()).toEqual({
      email: 'ana@plant.example',
      username: 'Ana',
      token: 't0k3n',
      dtTokenExpire: '2099-01-01T00:00:00.000Z',
    });
    expect(localStorage.getItem(SSO_MARK)).toBe('1');
    // The token leaves the address bar.
    expect(window.location.hash).toBe('');
    expect(replace).toHaveBeenCalledWith('/dashboard');
  });
});
