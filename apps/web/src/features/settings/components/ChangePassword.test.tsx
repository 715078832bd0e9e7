import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES, StatusCode } from '@wattboard/contract';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { envelope, jsonResponse, stubNetwork } from '@/testing/network';
import { storeSession } from '@/testing/session';
import { PasswordChangeGate } from './PasswordChangeGate';
import { SettingsDialog } from './SettingsDialog';

const EMAIL = 'bob@example.com';
const ACCOUNT = '/v1/User/Account';
const CHANGE = '/v1/User/ChangePassword';
const OLD = 'one-time-pass';

/** New passwords the server's policy refuses, with its answer for each. */
const WEAK: Record<string, string> = {
  password123: ADMIN_MESSAGES.passwordTooCommon,
  'bob@example.com!': ADMIN_MESSAGES.passwordContainsEmail,
  'Wattboard-2026': ADMIN_MESSAGES.passwordContainsProductName,
};

/** The account calls as the server answers them: the flag clears when the password changes. */
function serveAccount({ mustChange = true, accountDown = false } = {}) {
  let must = mustChange;
  return stubNetwork((path, init) => {
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, string>;
    if (path === ACCOUNT) {
      if (accountDown) return jsonResponse({ statusCode: 201, message: 'no route' }, 404);
      return jsonResponse({
        ...envelope(EMAIL, ACCOUNT),
        userId: 5,
        username: 'Bob',
        isAdmin: false,
        role: 'viewer',
        mustChangePassword: must,
        lastSignInAt: null,
      });
    }
    if (path === CHANGE) {
      if (body.oldPassword !== OLD)
        return jsonResponse({
          statusCode: StatusCode.EMailOrPasswordError,
          message: ADMIN_MESSAGES.wrongPassword,
        });
      if (body.newPassword === OLD)
        return jsonResponse({ statusCode: 201, message: ADMIN_MESSAGES.samePassword });
      const weak = WEAK[body.newPassword ?? ''];
      if (weak) return jsonResponse({ statusCode: 201, message: weak });
      must = false;
      return jsonResponse({ ...envelope(EMAIL, CHANGE), message: 'ok', revokedSessions: 2 });
    }
    return jsonResponse({ statusCode: 201, message: `no route ${path}` }, 404);
  });
}

function renderGate(onSignOut = vi.fn()) {
  storeSession({ email: EMAIL, username: 'Bob' });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PasswordChangeGate onSignOut={onSignOut}>
        <p>The app</p>
      </PasswordChangeGate>
    </QueryClientProvider>,
  );
  return onSignOut;
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  old: string,
  next: string,
  again = next,
) {
  // The form is its own chunk: it arrives after the screen around it.
  await user.type(await screen.findByLabelText('Current password'), old);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('New password again'), again);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('choosing a password after a one-time password', () => {
  it('keeps the app closed until a new password is chosen, then opens it', async () => {
    const user = userEvent.setup();
    const network = serveAccount();
    renderGate();
    expect(
      await screen.findByRole('heading', { name: 'Choose your password' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('The app')).toBeNull();

    await fill(user, OLD, 'short', 'other');
    expect(await screen.findByText('At least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('The two new passwords differ.')).toBeInTheDocument();
    expect(network.requests.filter((r) => r.path === CHANGE)).toEqual([]);

    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password'), OLD);
    await user.type(screen.getByLabelText('New password again'), OLD);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('The new password must differ from the current one.'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password'), 'my-own-password');
    await user.type(screen.getByLabelText('New password again'), 'my-own-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The app')).toBeInTheDocument();
    expect(network.requests.filter((r) => r.path === CHANGE).at(-1)?.body).toMatchObject({
      oldPassword: OLD,
      newPassword: 'my-own-password',
      email: EMAIL,
    });
  });

  it('offers a way out in Chinese too', async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('zh');
    serveAccount();
    const onSignOut = renderGate();
    await user.click(await screen.findByRole('button', { name: '登出' }));
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(screen.getByRole('heading', { name: '設定您的密碼' })).toBeInTheDocument();
  });

  it('opens the app at once for a user with their own password, or when the account cannot be read', async () => {
    serveAccount({ mustChange: false });
    renderGate();
    expect(await screen.findByText('The app')).toBeInTheDocument();
  });

  it('does not lock anyone out when the server lacks the call', async () => {
    serveAccount({ accountDown: true });
    renderGate();
    expect(await screen.findByText('The app')).toBeInTheDocument();
  });
});

describe('Settings › Password', () => {
  it('changes my password with the current one and shows a wrong one at its field', async () => {
    const user = userEvent.setup();
    const network = serveAccount({ mustChange: false });
    storeSession({ email: EMAIL, username: 'Bob' });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SettingsDialog open onClose={() => {}} userName="Bob" userEmail={EMAIL} />
      </QueryClientProvider>,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Setting' }));
    await user.click(dialog.getByRole('tab', { name: 'Password' }));
    await fill(user, 'wrong-password', 'my-own-password');
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), OLD);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    expect(network.requests.filter((r) => r.path === CHANGE)).toHaveLength(2);
  });

  it('says at the new password why the server refused it, in the page language (issue #23 H1)', async () => {
    const user = userEvent.setup();
    const network = serveAccount({ mustChange: false });
    storeSession({ email: EMAIL, username: 'Bob' });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SettingsDialog open onClose={() => {}} userName="Bob" userEmail={EMAIL} />
      </QueryClientProvider>,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Setting' }));
    await user.click(dialog.getByRole('tab', { name: 'Password' }));
    await fill(user, OLD, 'Wattboard-2026');
    const newPassword = screen.getByLabelText('New password');
    await waitFor(() =>
      expect(newPassword).toHaveAccessibleDescription(
        'This password is too close to the name Wattboard; choose another.',
      ),
    );
    expect(newPassword).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('The password could not be changed. Try again.')).toBeNull();

    await act(() => i18n.changeLanguage('zh-TW'));
    expect(newPassword).toHaveAccessibleDescription(
      '此密碼與 Wattboard 這個名稱太相近，請改用其他密碼。',
    );

    for (const [typed, text] of [
      ['password123', '這是最常見的密碼之一，請改用其他密碼。'],
      ['bob@example.com!', '此密碼與您的電子郵件地址太相近，請改用其他密碼。'],
    ] as const) {
      await user.clear(newPassword);
      await user.clear(screen.getByLabelText('再次輸入新密碼'));
      await user.type(newPassword, typed);
      await user.type(screen.getByLabelText('再次輸入新密碼'), typed);
      await user.click(screen.getByRole('button', { name: '變更密碼' }));
      await waitFor(() => expect(newPassword).toHaveAccessibleDescription(text));
    }
    expect(network.requests.filter((r) => r.path === CHANGE)).toHaveLength(3);
  });
});
