import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import { SLACK_HOOK, webhookServer } from '@/testing/admin/webhooks';

const SAVE = '/v1/Admin/Webhook/Save';

describe('Admin › Alert webhooks', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('lists each destination with what it receives and its newest delivery', async () => {
    renderAdmin('webhooks', webhookServer([SLACK_HOOK]).answers);
    const row = within(await screen.findByTestId('admin-webhook-row'));
    expect(row.getByText('Maintenance chat')).toBeInTheDocument();
    expect(row.getByText('Slack')).toBeInTheDocument();
    expect(row.getByText('Threshold alarms (and test alarms), Offline meters')).toBeInTheDocument();
    expect(row.getByText('Quiet 22:00–07:00')).toBeInTheDocument();
    expect(row.getByText(/^Waiting to retry \(2 failed\)/)).toBeInTheDocument();
    expect(row.getByText('HTTP 503: busy')).toBeInTheDocument();
    expect(row.getByText('1 alert given up in the last 7 days')).toBeInTheDocument();
  });

  it('adds a signed webhook, shows its secret once, and checks the address before sending', async () => {
    const server = webhookServer();
    const { network } = renderAdmin('webhooks', server.answers);
    const user = userEvent.setup();
    await screen.findByText('No webhooks yet: alerts go by e-mail only.');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a webhook' }));
    await user.type(dialog.getByLabelText('Name'), 'Maintenance app');
    await user.type(dialog.getByLabelText('Address (URL)'), 'ftp://example.com/hook');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await dialog.findByText(
        'Enter an http or https address, without a user name or password in it.',
      ),
    ).toBeInTheDocument();
    expect(sentTo(network, SAVE)).toHaveLength(0);

    await user.clear(dialog.getByLabelText('Address (URL)'));
    await user.type(dialog.getByLabelText('Address (URL)'), 'https://maint.example/hook');
    await user.click(dialog.getByLabelText('Demand warnings'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(network, SAVE)).toHaveLength(1));
    expect(sentTo(network, SAVE)[0]).toMatchObject({
      webhookId: null,
      name: 'Maintenance app',
      format: 'signed',
      url: 'https://maint.example/hook',
      alarms: true,
      demand: false,
      enabled: true,
    });
    const secret = within(
      await screen.findByRole('dialog', { name: 'The signing secret of Maintenance app' }),
    );
    expect(secret.getByLabelText('Signing secret')).toHaveTextContent('ab'.repeat(32));
    await user.click(secret.getByRole('button', { name: 'Done' }));
    expect(await screen.findByTestId('admin-webhook-row')).toHaveTextContent('Maintenance app');
  });

  it('sends a test and says what the receiver answered; removes after asking', async () => {
    const server = webhookServer([SLACK_HOOK]);
    server.testAnswers.push({ delivered: false, httpStatus: 404, error: 'HTTP 404: no_service' });
    renderAdmin('webhooks', server.answers);
    const user = userEvent.setup();
    const row = within(await screen.findByTestId('admin-webhook-row'));
    await user.click(row.getByRole('button', { name: 'Send a test' }));
    await waitFor(() =>
      expect(screen.getByTestId('webhook-test-result')).toHaveTextContent(
        'The test message did not reach Maintenance chat: HTTP 404: no_service',
      ),
    );
    await user.click(row.getByRole('button', { name: 'Remove' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove Maintenance chat?' }));
    await user.click(confirm.getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('No webhooks yet: alerts go by e-mail only.'),
    ).toBeInTheDocument();
    expect(server.webhooks()).toEqual([]);
  });

  it('adds a Telegram bot with quiet hours and escalation; the token is never shown again', async () => {
    const server = webhookServer();
    const { network } = renderAdmin('webhooks', server.answers);
    const user = userEvent.setup();
    await screen.findByText('No webhooks yet: alerts go by e-mail only.');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a webhook' }));
    await user.type(dialog.getByLabelText('Name'), 'Night shift');
    await user.selectOptions(dialog.getByLabelText('Format'), 'telegram');
    expect(dialog.queryByLabelText('Address (URL)')).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText('Chat id'), 'not a chat');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await dialog.findByText('A chat id is a number (negative for a group) or @channelname.'),
    ).toBeInTheDocument();
    expect(sentTo(network, SAVE)).toHaveLength(0);
    await user.clear(dialog.getByLabelText('Chat id'));
    await user.type(dialog.getByLabelText('Chat id'), '-1001234');
    await user.type(
      dialog.getByLabelText('Bot token'),
      '123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
    );
    await user.click(dialog.getByLabelText('Offline meters'));
    await user.click(dialog.getByLabelText('Quiet hours'));
    await user.click(dialog.getByLabelText('Escalation only'));
    await user.clear(dialog.getByLabelText('After (minutes)'));
    await user.type(dialog.getByLabelText('After (minutes)'), '20');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(network, SAVE)).toHaveLength(1));
    expect(sentTo(network, SAVE)[0]).toMatchObject({
      format: 'telegram',
      url: null,
      telegramChatId: '-1001234',
      telegramToken: '123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
      offline: false,
      quietHours: { start: '22:00', end: '07:00' },
      escalateAfterMinutes: 20,
    });
    const row = within(await screen.findByTestId('admin-webhook-row'));
    expect(row.getByText('-1001234 · 123456:…')).toBeInTheDocument();
    expect(row.getByText('Escalation after 20 minutes')).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Change' }));
    const edit = within(screen.getByRole('dialog', { name: 'Change the webhook' }));
    expect(edit.getByLabelText('Bot token')).toHaveValue('');
    expect(edit.getByText('Saved as 123456:…. Leave empty to keep it.')).toBeInTheDocument();
  });

  it('reads in 中文', async () => {
    await act(() => i18n.changeLanguage('zh-TW'));
    try {
      renderAdmin('webhooks', webhookServer([SLACK_HOOK]).answers);
      const row = within(await screen.findByTestId('admin-webhook-row'));
      expect(row.getByText(/^等待重試（已失敗 2 次）/)).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: '警報 Webhook' })).toBeInTheDocument();
      expect(row.getByRole('button', { name: '傳送測試' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
