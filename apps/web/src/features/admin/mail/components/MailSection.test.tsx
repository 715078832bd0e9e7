import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES } from '@wattboard/contract';
import type { AdminOutboxItem } from '@wattboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ok, refusal, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import type { Answers } from '@/testing/admin/admin-harness';

const LIST = '/v1/Admin/Outbox/List';

const item = (patch: Partial<AdminOutboxItem>): AdminOutboxItem => ({
  id: 1,
  channel: 'email',
  to: 'ops@example.com',
  subject: 'Alarm: Voltage high',
  subjectZh: null,
  status: 'sent',
  attempts: 1,
  lastError: null,
  eventId: 9,
  escalation: false,
  createdAt: '2026-11-20T02:00:00Z',
  nextAttemptAt: '2026-11-20T02:00:00Z',
  sentAt: '2026-11-20T02:00:05Z',
  ...patch,
});

const ITEMS = [
  item({
    id: 7,
    channel: 'slack',
    to: 'Shift chat',
    subject: 'Voltage high',
    subjectZh: '電壓過高',
    status: 'failed',
    attempts: 5,
    lastError: 'HTTP 500',
    sentAt: null,
  }),
  item({
    id: 3,
    channel: 'line',
    to: 'Plant LINE group',
    subject: 'Voltage high',
    subjectZh: '電壓過高',
    escalation: true,
  }),
  item({
    id: 4,
    status: 'failed',
    attempts: 5,
    lastError: '550 mailbox unavailable',
    sentAt: null,
  }),
];

const rows = () => screen.getAllByTestId('admin-mail-row').map((row) => within(row));

describe('Admin › Outbox (every channel)', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  const server = () => {
    let retried = 0;
    const answers: Answers = {
      [LIST]: () => ok(LIST, { items: ITEMS, nextBefore: null }),
      '/v1/Admin/Webhook/Retry': () => {
        retried += 1;
        return retried === 1
          ? ok('/v1/Admin/Webhook/Retry', {
              item: { ...ITEMS[0]!, status: 'pending', attempts: 0 },
            })
          : refusal(ADMIN_MESSAGES.deliveryNotFailed);
      },
      '/v1/Admin/Mail/Retry': () => refusal(ADMIN_MESSAGES.mailNotFailed),
    };
    return { answers, retried: () => retried };
  };

  it('lists mail and chat deliveries together, with channel, state and the last error', async () => {
    renderAdmin('mail', server().answers);
    expect(await screen.findByRole('heading', { name: 'Outbox' })).toBeInTheDocument();
    await screen.findAllByTestId('admin-mail-row');
    const [slack, line, mail] = rows();
    expect(slack!.getByText('Slack')).toBeInTheDocument();
    expect(slack!.getByText('Shift chat')).toBeInTheDocument();
    expect(slack!.getByText('HTTP 500')).toBeInTheDocument();
    expect(slack!.getByText('5 attempts')).toBeInTheDocument();
    expect(line!.getByText('LINE')).toBeInTheDocument();
    expect(line!.getByText('(escalation)')).toBeInTheDocument();
    expect(line!.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(mail!.getByText('E-mail')).toBeInTheDocument();
    expect(mail!.getByText('550 mailbox unavailable')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('zh'));
    expect(await screen.findByRole('heading', { name: '寄件匣' })).toBeInTheDocument();
    const [slackZh, , mailZh] = rows();
    // A delivery's event title in the page's language; a mail keeps its own subject.
    expect(slackZh!.getByRole('rowheader')).toHaveTextContent('電壓過高');
    expect(mailZh!.getByText('電子郵件')).toBeInTheDocument();
    expect(mailZh!.getByText('嘗試 5 次')).toBeInTheDocument();
  });

  it('asks for one side, and retries a delivery through its own call', async () => {
    const user = userEvent.setup();
    const s = server();
    const { network } = renderAdmin('mail', s.answers);
    await screen.findAllByTestId('admin-mail-row');
    await user.selectOptions(screen.getByLabelText('Channel'), 'Webhooks and chat');
    await waitFor(() => expect(sentTo(network, LIST).at(-1)).toMatchObject({ channel: 'webhook' }));
    await user.click(rows()[0]!.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(s.retried()).toBe(1));
    expect(sentTo(network, '/v1/Admin/Webhook/Retry')).toEqual([
      expect.objectContaining({ deliveryId: 7 }),
    ]);
    expect(sentTo(network, '/v1/Admin/Mail/Retry')).toEqual([]);
  });

  it('retries a failed mail through Mail/Retry', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('mail', server().answers);
    await screen.findAllByTestId('admin-mail-row');
    await user.click(rows()[2]!.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(sentTo(network, '/v1/Admin/Mail/Retry')).toEqual([
        expect.objectContaining({ mailId: 4 }),
      ]),
    );
    expect(sentTo(network, '/v1/Admin/Webhook/Retry')).toEqual([]);
  });
});
