import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import { SLACK_HOOK, webhookServer } from '@/testing/admin/webhooks';

const SAVE = '/v1/Admin/Webhook/Save';

/** The "Anomalies" box of a destination (issue #28, decision 0082). */
describe('Admin › Alert webhooks › anomalies', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('is ticked for a new destination, sends anomalies and lists it', async () => {
    const server = webhookServer();
    const { network } = renderAdmin('webhooks', server.answers);
    const user = userEvent.setup();
    await screen.findByText('No webhooks yet: alerts go by e-mail only.');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a webhook' }));
    expect(dialog.getByLabelText('Anomalies')).toBeChecked();
    await user.type(dialog.getByLabelText('Name'), 'Energy team');
    await user.type(dialog.getByLabelText('Address (URL)'), 'https://energy.example/hook');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(network, SAVE)).toHaveLength(1));
    expect(sentTo(network, SAVE)[0]).toMatchObject({ name: 'Energy team', anomalies: true });
    const row = within(await screen.findByTestId('admin-webhook-row'));
    expect(row.getByText(/Anomalies/)).toBeInTheDocument();
  });

  it('shows a destination saved before anomalies (no field) unticked, and saves the choice', async () => {
    const server = webhookServer([SLACK_HOOK]);
    const { network } = renderAdmin('webhooks', server.answers);
    const user = userEvent.setup();
    const row = within(await screen.findByTestId('admin-webhook-row'));
    expect(row.queryByText(/Anomalies/)).not.toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Change' }));
    const edit = within(screen.getByRole('dialog', { name: 'Change the webhook' }));
    const box = edit.getByLabelText('Anomalies');
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.click(edit.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(network, SAVE)).toHaveLength(1));
    expect(sentTo(network, SAVE)[0]).toMatchObject({ webhookId: SLACK_HOOK.id, anomalies: true });
  });

  it('reads 異常 in 中文, in the dialog and the list', async () => {
    await act(() => i18n.changeLanguage('zh-TW'));
    try {
      renderAdmin('webhooks', webhookServer([{ ...SLACK_HOOK, anomalies: true }]).answers);
      const row = within(await screen.findByTestId('admin-webhook-row'));
      expect(row.getByText(/異常/)).toBeInTheDocument();
      await userEvent.setup().click(row.getByRole('button', { name: '修改' }));
      expect(within(screen.getByRole('dialog')).getByLabelText('異常')).toBeChecked();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
