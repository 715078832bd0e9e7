import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HubProvider } from '@/lib/hub';
import { i18n } from '@/lib/i18n';
import { fakeHubConnections } from '@/testing/hub/fake-hub-connection';
import { NotificationsProvider } from '@/lib/notifications';
import {
  alertReceived,
  alertWire,
  announcementWire,
  listWire,
} from '@/testing/notifications/notification-fixtures';
import { createQueryClient } from '@/lib/query-client';
import { channelListBody, envelope, jsonResponse, stubNetwork } from '@/testing/network';
import { storeSession } from '@/testing/session';
import { accountBody } from '@/testing/account';
import { SEND_TEST_EMAIL_FAILED } from '../api/send-test-email';
import { TRIGGER_ALARM_FAILED } from '../api/trigger-test-alarm';
import { advanceFakeClockUntil } from '@/testing/dev-tools/fake-clock';
import { SignalRTestPage } from './SignalRTestPage';

const ALARM = '/api/test/alarm';
const EMAIL = '/API/v1/TestEmail/send-test';

type Answers = Partial<Record<string, () => Response>>;

/** The test screen inside the providers the signed-in frame uses, on a fake connection. */
async function renderScreen(answers: Answers = {}) {
  const session = storeSession();
  const network = stubNetwork((path) => {
    const answer = answers[path];
    if (answer) return answer();
    if (path === '/v1/Web/Factory/Channel/List') return jsonResponse(channelListBody());
    return jsonResponse({ statusCode: 201, message: `no route ${path}` }, 404);
  });
  const fakes = fakeHubConnections();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={createQueryClient()}>
      <HubProvider createConnection={fakes.createConnection}>
        <NotificationsProvider>{children}</NotificationsProvider>
      </HubProvider>
    </QueryClientProvider>
  );
  render(<SignalRTestPage />, { wrapper });
  await act(async () => {}); // the fake connection's start resolves
  const push = (event: string, payload: unknown) => act(() => fakes.latest.emit(event, payload));
  return { ...network, session, fakes, push, user: userEvent.setup() };
}

const card = (name: string | RegExp) => screen.getByRole('region', { name });
const counter = (key: string) => screen.getByTestId(`counter-${key}`);

describe('SignalR Connection Test screen', () => {
  it('shows the connection state and the notification counters', async () => {
    const { fakes, push } = await renderScreen();
    expect(
      screen.getByRole('heading', { level: 1, name: 'SignalR Connection Test' }),
    ).toBeVisible();
    expect(screen.getByTestId('hub-state')).toHaveTextContent('Connected');
    expect(counter('total')).toHaveTextContent('0');
    expect(counter('hasNew')).toHaveTextContent('No');

    push(
      'NotificationReceived',
      listWire([alertWire(1), alertWire(2, { state: 'resolved' })], [announcementWire(7)]),
    );
    expect(counter('total')).toHaveTextContent('1'); // unresolved only
    expect(counter('abnormal')).toHaveTextContent('2');
    expect(counter('official')).toHaveTextContent('1');
    expect(counter('hasNew')).toHaveTextContent('No'); // the initial load is not news

    push('AlertReceived', alertReceived(3));
    expect(counter('total')).toHaveTextContent('2');
    expect(counter('abnormal')).toHaveTextContent('3');
    expect(counter('hasNew')).toHaveTextContent('Yes');

    act(() => fakes.latest.loseConnection());
    expect(screen.getByTestId('hub-state')).toHaveTextContent('Reconnecting');
  });

  it('lists abnormal notifications (title, description, time, state) and official ones', async () => {
    const { push } = await renderScreen();
    const abnormal = card('Abnormal notifications');
    const official = card('Official notifications');
    expect(within(abnormal).getByText('No abnormal notifications yet')).toBeInTheDocument();
    expect(within(official).getByText('No official notifications yet')).toBeInTheDocument();

    push(
      'NotificationReceived',
      listWire([alertWire(2, { state: 'resolved' })], [announcementWire(7)]),
    );
    push('AlertReceived', alertReceived(3));
    const rows = within(abnormal).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        '1',
        'Voltage high #3',
        'Meter 1 voltage 241 V is above 240 V (#3)',
        '2026/05/04 14:30:00',
        'Unresolved',
      ],
      [
        '2',
        'Voltage high #2',
        'Meter 1 voltage 241 V is above 240 V (#2)',
        '2026/05/04 14:30:00',
        'Resolved',
      ],
    ]);
    const officialRow = within(official).getAllByRole('row')[1]!;
    expect(
      within(officialRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'Maintenance window #7', '2026/05/03 09:00:00']);

    await act(() => i18n.changeLanguage('zh'));
    expect(within(abnormal).getByText('電壓過高 #3')).toBeInTheDocument();
    expect(within(abnormal).getAllByText('已解決')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'SignalR 連線測試' })).toBeVisible();
  });

  it('triggers a test abnormal alert and sends a test e-mail through their endpoints', async () => {
    const { requests, session, user } = await renderScreen({
      [ALARM]: () =>
        jsonResponse({ ...envelope('demo@wattboard.local', ALARM), message: 'ok', alarmId: 41 }),
      [EMAIL]: () =>
        jsonResponse({ ...envelope('demo@wattboard.local', EMAIL), message: 'ok', recipients: 2 }),
    });

    await user.click(screen.getByRole('button', { name: 'Trigger test abnormal alert' }));
    expect(await screen.findByText('Test alarm raised (event 41).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send test e-mail' }));
    expect(await screen.findByText('Test e-mail queued for 2 receivers.')).toBeInTheDocument();

    const calls = requests.filter((r) => r.path === ALARM || r.path === EMAIL);
    expect(calls.map((r) => [r.path, r.init.method])).toEqual([
      [ALARM, 'POST'],
      [EMAIL, 'POST'],
    ]);
    for (const call of calls) {
      expect(new Headers(call.init.headers).get('Authorization')).toBe(`Bearer ${session.token}`);
    }
  });

  it('logs failed test calls with their fixed texts', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = () => jsonResponse({ statusCode: 201, message: 'Dev tools are off' }, 404);
    const { requests } = await renderScreen({ [ALARM]: failing, [EMAIL]: failing });

    // Each is retried once after a second that the fake clock skips.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Trigger test abnormal alert' }));
      fireEvent.click(screen.getByRole('button', { name: 'Send test e-mail' }));
      await advanceFakeClockUntil(() =>
        expect(screen.getAllByText('Failed. See the browser console.')).toHaveLength(2),
      );
    } finally {
      vi.useRealTimers();
    }
    expect(requests.filter((r) => r.path === ALARM)).toHaveLength(2);
    expect(error).toHaveBeenCalledWith(TRIGGER_ALARM_FAILED, expect.any(Error));
    expect(error).toHaveBeenCalledWith(SEND_TEST_EMAIL_FAILED, expect.any(Error));
    expect([TRIGGER_ALARM_FAILED, SEND_TEST_EMAIL_FAILED]).toEqual([
      'Trigger abnormal alert failed',
      'Send test email failed',
    ]);
  });

  it('holds the test actions and the announcement form back below manager, and says why', async () => {
    const { requests, user } = await renderScreen({
      '/v1/User/Account': () => jsonResponse(accountBody('operator')),
    });
    const tests = within(card('Test actions'));
    const reason =
      "Your role (Operator) cannot run the test actions. Ask your factory's Admin for the Manager role.";
    expect(await tests.findByText(reason)).toBeInTheDocument();
    const trigger = tests.getByRole('button', { name: 'Trigger test abnormal alert' });
    for (const button of [trigger, tests.getByRole('button', { name: 'Send test e-mail' })]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(reason);
    }
    const form = within(card('Create announcement'));
    expect(
      form.getByText(
        "Your role (Operator) cannot create announcements. Ask your factory's Admin for the Manager role.",
      ),
    ).toBeInTheDocument();
    expect(form.getByLabelText('Title')).toBeDisabled();
    expect(form.getByRole('button', { name: 'Create announcement' })).toBeDisabled();
    await user.click(trigger);
    expect(requests.filter((r) => r.path === ALARM)).toEqual([]);
  });

  it('keeps the latest 10 raw events, newest first, and the latest 20 log lines', async () => {
    const { fakes, push } = await renderScreen();
    const events = card('Raw events (latest 10)');
    expect(within(events).getByText('No events received yet.')).toBeInTheDocument();

    for (let id = 1; id <= 12; id += 1) push('FactoryAlert', alertReceived(id));
    const shown = within(events).getAllByTestId('raw-event');
    expect(shown).toHaveLength(10);
    expect(shown[0]).toHaveTextContent('FactoryAlert');
    expect(shown[0]).toHaveTextContent('"id":12');
    expect(shown[9]).toHaveTextContent('"id":3');

    // Each lost-and-back cycle logs the loss and two state changes.
    for (let cycle = 0; cycle < 8; cycle += 1) {
      act(() => fakes.latest.loseConnection());
      act(() => fakes.latest.reconnect());
    }
    const lines = within(card('Connection log (latest 20)')).getAllByTestId('log-line');
    expect(lines).toHaveLength(20);
    expect(lines.at(-1)).toHaveTextContent(/State: Connected$/);
  });
});
