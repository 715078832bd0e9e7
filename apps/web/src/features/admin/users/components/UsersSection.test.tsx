import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES, StatusCode } from '@wattboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { refusal, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import { adminUser, usersServer } from '@/testing/admin/users';

const OPERATOR = adminUser({
  id: 2,
  username: 'Operator',
  email: 'op@example.com',
  isAdmin: false,
  role: 'operator',
  lastSignInAt: null,
});

function rowOf(name: string) {
  return screen.getByRole('rowheader', { name }).closest('tr')!;
}

describe('Admin › Users', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('lists users with factory-local last sign-in and status; Admin cannot be disabled', async () => {
    const server = usersServer([adminUser(), OPERATOR]);
    renderAdmin('users', server.answers);
    const admin = within(
      await screen.findByRole('rowheader', { name: 'Admin' }).then((c) => c.closest('tr')!),
    );
    // Asia/Taipei, from the channel list's time zone.
    expect(await admin.findByText('2026/11/21 09:00')).toBeInTheDocument();
    expect(admin.queryByRole('button', { name: 'Disable' })).toBeNull();
    // The Admin user may do everything: its role reads Admin and cannot be changed.
    expect(admin.getByRole('cell', { name: 'Admin' })).toBeInTheDocument();
    expect(admin.queryByRole('button', { name: 'Change role' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Role' })).toBeInTheDocument();
    const operator = within(rowOf('Operator'));
    expect(operator.getByText('Never')).toBeInTheDocument();
    expect(operator.getByText('Active')).toBeInTheDocument();
    expect(operator.getByRole('cell', { name: 'Operator' })).toBeInTheDocument();
    expect(operator.getByRole('button', { name: 'Disable' })).toBeEnabled();
  });

  it('adds a user, checks the fields first, and shows the one-time password once', async () => {
    const user = userEvent.setup();
    const server = usersServer([adminUser()]);
    const { network } = renderAdmin('users', server.answers);
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a user' }));
    await user.type(dialog.getByLabelText('E-mail'), 'not-an-email');
    await user.click(dialog.getByRole('button', { name: 'Add user' }));
    expect(await dialog.findByText('Required.')).toBeInTheDocument();
    expect(dialog.getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(sentTo(network, '/v1/Admin/User/Add')).toEqual([]);

    await user.type(dialog.getByLabelText('Name'), 'Bob');
    await user.clear(dialog.getByLabelText('E-mail'));
    await user.type(dialog.getByLabelText('E-mail'), 'bob@example.com');
    // Least privilege unless the Admin picks another role; one line says what each may do.
    const role = dialog.getByRole('combobox', { name: 'Role' });
    expect(role).toHaveDisplayValue('Viewer');
    expect(role).toHaveAccessibleDescription(
      /^Viewer: sees every page, changes nothing\. Operator:/,
    );
    await user.selectOptions(role, 'Operator');
    await user.click(dialog.getByRole('button', { name: 'Add user' }));
    const shown = within(await screen.findByRole('dialog', { name: 'One-time password for Bob' }));
    expect(shown.getByLabelText('One-time password')).toHaveTextContent('otp-ABCD-1234');
    expect(shown.getByText(/invitation e-mail/)).toBeInTheDocument();
    expect(sentTo(network, '/v1/Admin/User/Add')).toEqual([
      expect.objectContaining({
        username: 'Bob',
        userEmail: 'bob@example.com',
        role: 'operator',
        factoryId: 0,
      }),
    ]);
    await user.click(shown.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('otp-ABCD-1234')).toBeNull();
    expect(await screen.findByRole('rowheader', { name: 'Bob' })).toBeInTheDocument();
    expect(within(rowOf('Bob')).getByText('(must choose a password)')).toBeInTheDocument();
    expect(within(rowOf('Bob')).getByRole('cell', { name: 'Operator' })).toBeInTheDocument();
  });

  it('changes a role, then shows the list as the server now holds it', async () => {
    const user = userEvent.setup();
    const server = usersServer([adminUser(), OPERATOR]);
    const { network } = renderAdmin('users', server.answers);
    await screen.findByRole('rowheader', { name: 'Operator' });
    const lists = sentTo(network, '/v1/Admin/User/List').length;
    await user.click(within(rowOf('Operator')).getByRole('button', { name: 'Change role' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change the role of Operator' }));
    const role = dialog.getByRole('combobox', { name: 'Role' });
    expect(role).toHaveDisplayValue('Operator');
    // Nothing to save until another role is chosen.
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.selectOptions(role, 'Manager');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentTo(network, '/v1/Admin/User/Role')).toEqual([
      expect.objectContaining({ userId: 2, role: 'manager', factoryId: 0 }),
    ]);
    expect(sentTo(network, '/v1/Admin/User/List').length).toBeGreaterThan(lists);
    expect(await within(rowOf('Operator')).findByRole('cell', { name: 'Manager' })).toBeVisible();
  });

  it('names the roles in Chinese', async () => {
    const user = userEvent.setup();
    const server = usersServer([adminUser(), OPERATOR]);
    await i18n.changeLanguage('zh');
    renderAdmin('users', server.answers);
    await screen.findByRole('rowheader', { name: 'Operator' });
    expect(screen.getByRole('columnheader', { name: '角色' })).toBeInTheDocument();
    expect(within(rowOf('Operator')).getByRole('cell', { name: '操作員' })).toBeInTheDocument();
    await user.click(within(rowOf('Operator')).getByRole('button', { name: '變更角色' }));
    const dialog = within(screen.getByRole('dialog', { name: '變更 Operator 的角色' }));
    expect(
      within(dialog.getByRole('combobox', { name: '角色' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['檢視者', '操作員', '管理者']);
  });

  it('shows a taken e-mail at its field, in Chinese too', async () => {
    const user = userEvent.setup();
    const server = usersServer([adminUser()]);
    server.answers['/v1/Admin/User/Add'] = () =>
      refusal(ADMIN_MESSAGES.emailTaken, StatusCode.EMailAlreadRegistered);
    await i18n.changeLanguage('zh');
    renderAdmin('users', server.answers);
    await user.click(await screen.findByRole('button', { name: '新增使用者' }));
    const dialog = within(screen.getByRole('dialog', { name: '新增使用者' }));
    await user.type(dialog.getByLabelText('名稱'), 'Bob');
    await user.type(dialog.getByLabelText('電子郵件'), 'admin@wattboard.local');
    await user.click(dialog.getByRole('button', { name: '新增使用者' }));
    expect(await dialog.findByText('此電子郵件已註冊。')).toBeInTheDocument();
  });

  it('disables a user only after confirming, and enables without asking', async () => {
    const user = userEvent.setup();
    const server = usersServer([adminUser(), OPERATOR]);
    const { network } = renderAdmin('users', server.answers);
    await screen.findByRole('rowheader', { name: 'Operator' });
    await user.click(within(rowOf('Operator')).getByRole('button', { name: 'Disable' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Disable Operator?' }));
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(sentTo(network, '/v1/Admin/User/Status')).toEqual([]);

    await user.click(within(rowOf('Operator')).getByRole('button', { name: 'Disable' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Disable Operator?' })).getByRole('button', {
        name: 'Disable',
      }),
    );
    await waitFor(() =>
      expect(within(rowOf('Operator')).getByText('Disabled')).toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(within(rowOf('Operator')).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(within(rowOf('Operator')).getByText('Active')).toBeInTheDocument());
    expect(sentTo(network, '/v1/Admin/User/Status')).toEqual([
      expect.objectContaining({ userId: 2, status: 'disabled' }),
      expect.objectContaining({ userId: 2, status: 'active' }),
    ]);
  });

  it('resets a password after confirming and shows the new one-time password', async () => {
    const user = userEvent.setup();
    const server = usersServer([adminUser(), OPERATOR]);
    renderAdmin('users', server.answers);
    await screen.findByRole('rowheader', { name: 'Operator' });
    await user.click(within(rowOf('Operator')).getByRole('button', { name: 'Reset password' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reset the password of Operator?' })).getByRole(
        'button',
        { name: 'Reset password' },
      ),
    );
    const shown = within(
      await screen.findByRole('dialog', { name: 'One-time password for Operator' }),
    );
    expect(shown.getByLabelText('One-time password')).toHaveTextContent('otp-RESET-99');
    expect(shown.queryByText(/invitation e-mail/)).toBeNull();
  });

  it('tells a non-Admin user the page is not theirs and calls nothing', async () => {
    const server = usersServer([adminUser()]);
    const { network } = renderAdmin('users', server.answers, {
      username: 'demo',
      email: 'demo@wattboard.local',
    });
    expect(
      await screen.findByText('Only the Admin user of this factory can use this page.'),
    ).toBeInTheDocument();
    expect(sentTo(network, '/v1/Admin/User/List')).toEqual([]);
  });

  it('shows the error state when the list fails', async () => {
    renderAdmin('users', {
      '/v1/Admin/User/List': () =>
        refusal('Only the Admin user of this factory can do this.', 201, 403),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not|error|failed/i);
  });
});
