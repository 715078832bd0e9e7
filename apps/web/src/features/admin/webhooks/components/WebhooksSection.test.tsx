import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminWebhook } from '@wattboard/contract';
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

  it('adds a LINE Official Account: asks for both keys, then shows the webhook address and the code', async () => {
    const server = webhookServer();
    const binding = {
      code: '042917',
      expiresAt: '2026-11-28T02:30:00.000Z',
      webhookUrl: 'https://wattboard.example.com/v1/Line/Webhook/10',
    };
    // As the server: a LINE destination is listed with its webhook address and binding, and a
    // save that made a binding code answers it (decision 0076).
    const withLine = (answer: Record<string, unknown>) => ({
      ...answer,
      webhooks: (answer.webhooks as AdminWebhook[]).map((w) =>
        w.format === 'line'
          ? {
              ...w,
              url: '',
              line: {
                webhookUrl: binding.webhookUrl,
                bound: false,
                chatType: null,
                codeExpiresAt: binding.expiresAt,
              },
            }
          : w,
      ),
    });
    const LIST = '/v1/Admin/Webhook/List';
    const answers = {
      ...server.answers,
      [LIST]: (body: Record<string, unknown>) =>
        withLine(server.answers[LIST]!(body) as Record<string, unknown>),
      [SAVE]: (body: Record<string, unknown>) => ({
        ...withLine(server.answers[SAVE]!(body) as Record<string, unknown>),
        lineBinding: body.format === 'line' ? binding : null,
      }),
    };
    const { network } = renderAdmin('webhooks', answers);
    const user = userEvent.setup();
    await screen.findByText('No webhooks yet: alerts go by e-mail only.');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a webhook' }));
    await user.type(dialog.getByLabelText('Name'), 'Maintenance LINE group');
    await user.selectOptions(dialog.getByLabelText('Format'), 'line');
    expect(dialog.queryByLabelText('Address (URL)')).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Channel access token')).toHaveAttribute('type', 'password');
    expect(dialog.getByLabelText('Channel secret')).toHaveAttribute('type', 'password');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findAllByText('Required.')).toHaveLength(2);
    expect(sentTo(network, SAVE)).toHaveLength(0);

    await user.type(dialog.getByLabelText('Channel access token'), 'Zx9QyJp3nVt0bq1Lr8s2M6vK/+=');
    await user.type(dialog.getByLabelText('Channel secret'), '4065415af4324c402286d732539ccc79');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(network, SAVE)).toHaveLength(1));
    expect(sentTo(network, SAVE)[0]).toMatchObject({
      webhookId: null,
      format: 'line',
      url: null,
      lineChannelToken: 'Zx9QyJp3nVt0bq1Lr8s2M6vK/+=',
      lineChannelSecret: '4065415af4324c402286d732539ccc79',
      lineNewCode: false,
    });
    const bind = within(
      await screen.findByRole('dialog', { name: 'Bind a LINE chat to Maintenance LINE group' }),
    );
    expect(bind.getByLabelText('Webhook URL')).toHaveTextContent(binding.webhookUrl);
    expect(bind.getByLabelText('Binding code')).toHaveTextContent('042917');
    expect(bind.getByText(/paste this address as the Webhook URL/)).toBeInTheDocument();
    await user.click(bind.getByRole('button', { name: 'Done' }));

    const row = within(await screen.findByTestId('admin-webhook-row'));
    expect(row.getByText('LINE')).toBeInTheDocument();
    expect(row.getByText(binding.webhookUrl)).toBeInTheDocument();
    expect(row.getByTestId('admin-webhook-line')).toHaveTextContent(
      /^Not bound yet: the binding code works until/,
    );
    // Changing it: the keys stay unless given, and a new code is asked for by a switch.
    await user.click(row.getByRole('button', { name: 'Change' }));
    const edit = within(screen.getByRole('dialog', { name: 'Change the webhook' }));
    expect(edit.getByLabelText('Channel access token')).toHaveValue('');
    expect(edit.getAllByText('Saved. Leave empty to keep it.')).toHaveLength(2);
    await user.click(edit.getByLabelText(/Make a new binding code/));
    await user.click(edit.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo(network, SAVE)).toHaveLength(2));
    expect(sentTo(network, SAVE)[1]).toMatchObject({
      format: 'line',
      lineChannelToken: null,
      lineChannelSecret: null,
      lineNewCode: true,
    });
  });

  it('shows what a LINE destination is bound to, in both languages', async () => {
    const LINE_HOOK: AdminWebhook = {
      ...SLACK_HOOK,
      id: 4,
      name: 'Shift leaders',
      format: 'line',
      url: '',
      lastDelivery: null,
      failedLastWeek: 0,
      line: {
        webhookUrl: 'https://wattboard.example.com/v1/Line/Webhook/4',
        bound: true,
        chatType: 'group',
        codeExpiresAt: null,
      },
    };
    renderAdmin('webhooks', webhookServer([LINE_HOOK]).answers);
    const row = within(await screen.findByTestId('admin-webhook-row'));
    expect(row.getByTestId('admin-webhook-line')).toHaveTextContent('Bound to a group');
    await act(() => i18n.changeLanguage('zh-TW'));
    try {
      expect(row.getByTestId('admin-webhook-line')).toHaveTextContent('已綁定群組');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
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
