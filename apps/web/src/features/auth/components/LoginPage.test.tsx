import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { pageNavigation } from '@/lib/page-navigation';
import { readSession } from '@/lib/session';
import { envelope, jsonResponse, stubNetwork } from '@/testing/network';
import { LoginPage } from './LoginPage';

const signInAnswer = (overrides: Record<string, unknown>) =>
  jsonResponse({ ...envelope(null, '/User/SignIn'), ...overrides });

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Account'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('login screen', () => {
  it('has the Account (e-mail) and Password fields, the button and the footer', () => {
    render(<LoginPage />);
    expect(screen.getByLabelText('Account')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(screen.getByText(/© \d{4} Wattboard/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
  });

  it('explains what is wrong before sending anything', async () => {
    const { fetchStub } = stubNetwork(() => signInAnswer({}));
    render(<LoginPage />);

    await submit('', '');
    // The rules arrive in their own chunk just after the first paint: the submit waits for them.
    expect(await screen.findByText('Please enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Account')).toHaveFocus();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Account'), 'a@b');
    expect(
      screen.getByText('The e-mail address must be at least 5 characters.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Account'), 'cdef');
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'short');
    expect(screen.getByText('The password must be at least 8 characters.')).toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('shows the 1002 answer under the password field', async () => {
    stubNetwork(() => signInAnswer({ statusCode: 1002, message: 'E-mail or password error' }));
    render(<LoginPage />);
    await submit('demo@wattboard.local', 'not-the-password');
    const alert = await screen.findByText('Email or password is incorrect.');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Email or password is incorrect.',
    );
    expect(readSession()).toBeNull();
  });

  it('shows the exception message when the server cannot be reached or fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    render(<LoginPage />);
    await submit('demo@wattboard.local', 'wattboard-demo');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();

    stubNetwork(() => jsonResponse({ statusCode: 201, message: 'Internal server error' }, 500));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  });

  it('tells how long to wait after too many failures', async () => {
    stubNetwork(() =>
      jsonResponse({ statusCode: 201, message: 'Too many', retryAfterSeconds: 600 }, 429),
    );
    render(<LoginPage />);
    await submit('demo@wattboard.local', 'wattboard-demo');
    expect(
      await screen.findByText('Too many failed sign-in attempts. Try again in 10 minutes.'),
    ).toBeInTheDocument();
  });

  it('tells the wait in seconds when the slow-down is short', async () => {
    stubNetwork(() =>
      jsonResponse({ statusCode: 201, message: 'Too many', retryAfterSeconds: 8 }, 429),
    );
    render(<LoginPage />);
    await submit('demo@wattboard.local', 'wattboard-demo');
    expect(
      await screen.findByText('Too many failed sign-in attempts. Try again in 8 seconds.'),
    ).toBeInTheDocument();
  });

  it('stores the session and goes to /dashboard replacing history on success', async () => {
    const replace = vi.spyOn(pageNavigation, 'replace').mockImplementation(() => {});
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { requests } = stubNetwork(async () => {
      await answered;
      return signInAnswer({
        email: 'demo@wattboard.local',
        username: 'demo',
        token: 'f'.repeat(64),
        dtTokenExpire: '2099-01-01T00:00:00.000Z',
      });
    });
    render(<LoginPage />);
    await submit('  demo@wattboard.local ', 'wattboard-demo');

    expect(await screen.findByRole('button', { name: 'Logging in' })).toBeDisabled();
    release();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/dashboard'));
    expect(requests[0]?.body).toEqual({
      email: 'demo@wattboard.local',
      password: 'wattboard-demo',
      action: '/User/SignIn',
      token: '',
    });
    expect(readSession()).toEqual({
      token: 'f'.repeat(64),
      email: 'demo@wattboard.local',
      username: 'demo',
      dtTokenExpire: '2099-01-01T00:00:00.000Z',
    });
  });

  it('speaks Traditional Chinese after the switch, messages included', async () => {
    stubNetwork(() => signInAnswer({ statusCode: 1002, message: 'wrong' }));
    render(<LoginPage />);
    await submit('demo@wattboard.local', 'not-the-password');
    await screen.findByText('Email or password is incorrect.');

    await userEvent.setup().click(screen.getByRole('button', { name: '中文' }));
    // The Chinese strings are their own chunk, fetched on the first switch.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '中文' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByLabelText('帳號')).toBeInTheDocument();
    expect(screen.getByLabelText('密碼')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登入' })).toBeInTheDocument();
    expect(screen.getByText('電子郵件或密碼不正確。')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-Hant-TW');
    expect(localStorage.getItem('i18nextLng')).toBe('zh');
    expect(i18n.language).toBe('zh');
  });
});
