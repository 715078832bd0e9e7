import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import { SLACK_HOOK, webhookServer } from '@/testing/admin/webhooks';

const SAVE = '/v1/Admin/Webhook/Save';

/** The "Scheduled reports" box of a destination (decision 0083). */
describe('Admin › Alert webhooks › scheduled reports', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('is off for a new destination, sends reports: true when ticked and lists it', async () => {
    const server = webhookServer();
    const { network } = renderAdmin('webhooks', server.answers);
    const user = userEvent.setup();
    await screen.findByText('No webhooks yet: alerts go by e-mail only.');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a webhook' }));
    const box = dialog.getByLabelText('Scheduled reports');
    expect(box).not.toBeChecked();
    expect(dialog.getByText(/download link that works for 7 days/)).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Name'), 'Energy team');
    await user.type(dialog.getByLabelText('Address (URL)'), 'https://energy.example/hook');
    await user.click(box);
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(network, SAVE)).toHaveLength(1));
    expect(sentTo(network, SAVE)[0]).toMatchObject({ name: 'Energy team', reports: true });
    const row = within(await screen.findByTestId('admin-webhook-row'));
    expect(row.getByText(/Scheduled reports/)).toBeInTheDocument();
  });

  it('shows a saved destination without the field (an older answer) as off, and keeps it off', async () => {
    const server = webhookServer([SLACK_HOOK]);
    const { network } = renderAdmin('webhooks', server.answers);
    const user = userEvent.setup();
    const row = within(await screen.findByTestId('admin-webhook-row'));
    expect(row.queryByText(/Scheduled reports/)).not.toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Change' }));
    const edit = within(screen.getByRole('dialog', { name: 'Change the webhook' }));
    expect(edit.getByLabelText('Scheduled reports')).not.toBeChecked();
    await user.click(edit.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(network, SAVE)).toHaveLength(1));
    expect(sentTo(network, SAVE)[0]).toMatchObject({ webhookId: SLACK_HOOK.id, reports: false });
  });

  it('reads 排程報表 in 中文', async () => {
    await act(() => i18n.changeLanguage('zh-TW'));
    try {
      renderAdmin('webhooks', webhookServer([{ ...SLACK_HOOK, reports: true }]).answers);
      const row = within(await screen.findByTestId('admin-webhook-row'));
      expect(row.getByText(/排程報表/)).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
