import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { roleForbiddenMessage } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import {
  alertReceived,
  alertWire,
  announcementWire,
  listWire,
} from '@/testing/notifications/notification-fixtures';
import { jsonResponse } from '@/testing/network';
import { NotificationBell } from './NotificationBell';
import { renderWithNotifications } from '@/testing/notifications/notification-harness';

const bell = () => screen.getByTestId('notification-bell');

async function openPanel() {
  const user = userEvent.setup();
  await user.click(bell());
  return { user, panel: screen.getByRole('region', { name: 'Notifications' }) };
}

describe('NotificationBell', () => {
  it('shows the number of unresolved alarms, and no badge when there are none', async () => {
    const { push } = await renderWithNotifications(<NotificationBell />);
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();
    push(
      'NotificationReceived',
      listWire([alertWire(3), alertWire(2, { state: 'resolved' }), alertWire(1)]),
    );
    expect(screen.getByTestId('notification-count')).toHaveTextContent('2');
    expect(bell()).toHaveAccessibleName('Notifications, 2 unresolved alarms');
    expect(bell()).not.toHaveAttribute('data-new');
  });

  it('cues a new notification on the bell', async () => {
    const { push } = await renderWithNotifications(<NotificationBell />);
    push('NotificationReceived', listWire([]));
    push('AlertReceived', alertReceived(4));
    expect(bell()).toHaveAttribute('data-new', 'true');
    expect(screen.getByTestId('notification-count')).toHaveTextContent('1');
  });

  it('opens on the Abnormal tab with texts in the current language and factory time', async () => {
    const { push } = await renderWithNotifications(<NotificationBell />);
    push('NotificationReceived', listWire([alertWire(7, { time: '2026-05-04T23:30:00Z' })]));
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
    const { panel } = await openPanel();
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    expect(bell()).toHaveAttribute('aria-controls', panel.id);
    expect(within(panel).getByRole('tab', { name: 'Abnormal' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const row = within(panel).getByTestId('abnormal-notification');
    expect(row).toHaveTextContent('Voltage high #7');
    expect(row).toHaveTextContent('Meter 1 voltage 241 V is above 240 V (#7)');
    // The factory is in Taipei (UTC+8): the next morning there.
    expect(await within(row).findByText('2026/05/05 07:30')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('zh'));
    expect(row).toHaveTextContent('電壓過高 #7');
    expect(within(row).getByRole('button', { name: '解除警報' })).toBeInTheDocument();
  });

  it('lists announcements on the Official tab', async () => {
    const { push } = await renderWithNotifications(<NotificationBell />);
    push('NotificationReceived', listWire([], [announcementWire(2), announcementWire(1)]));
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('tab', { name: 'Official' }));
    const rows = within(panel).getAllByTestId('official-notification');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Maintenance window #2',
      'Maintenance window #1',
    ]);
  });

  it('says so when a list is empty', async () => {
    await renderWithNotifications(<NotificationBell />);
    const { user, panel } = await openPanel();
    expect(within(panel).getByText('No abnormal notifications yet')).toBeInTheDocument();
    await user.click(within(panel).getByRole('tab', { name: 'Official' }));
    expect(within(panel).getByText('No official notifications yet')).toBeInTheDocument();
  });

  it('clears an alarm with PUT /v1/Event/{id}/resolve and shows Solved', async () => {
    const { push, requests } = await renderWithNotifications(<NotificationBell />);
    push('NotificationReceived', listWire([alertWire('7'), alertWire(6, { state: 'resolved' })]));
    const { user, panel } = await openPanel();
    const [unresolved, resolved] = within(panel).getAllByTestId('abnormal-notification');
    expect(within(resolved!).getByText('Solved')).toBeInTheDocument();
    expect(within(resolved!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(unresolved!).getByRole('button', { name: 'Clear Alarm' }));
    expect(await within(unresolved!).findByText('Solved')).toBeInTheDocument();
    const call = requests.find((request) => request.path.includes('/resolve'));
    expect(call?.path).toBe('/v1/Event/7/resolve');
    expect(call?.init.method).toBe('PUT');
    expect(call?.body).toEqual({ id: 7 });
  });

  it('only logs a failed clear, leaving the alarm unresolved', async () => {
    const { push, requests } = await renderWithNotifications(<NotificationBell />, {
      onResolve: () => jsonResponse({ statusCode: 201, message: 'Database unavailable' }, 500),
    });
    push('NotificationReceived', listWire([alertWire(7)]));
    const { user, panel } = await openPanel();
    const clear = within(panel).getByRole('button', { name: 'Clear Alarm' });
    await user.click(clear);
    // A failed call is retried once, then only logged.
    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(requests.filter((request) => request.path === '/v1/Event/7/resolve')).toHaveLength(2);
    expect(within(panel).getByRole('button', { name: 'Clear Alarm' })).toBeEnabled();
    expect(within(panel).queryByText('Solved')).not.toBeInTheDocument();
  });

  it('holds Clear Alarm back for a viewer and says why', async () => {
    const { push, requests } = await renderWithNotifications(<NotificationBell />, {
      role: 'viewer',
    });
    push('NotificationReceived', listWire([alertWire(7)]));
    const { user, panel } = await openPanel();
    const reason =
      "Your role (Viewer) can look but not clear alarms. Ask your factory's Admin for the Operator role.";
    expect(await within(panel).findByText(reason)).toBeInTheDocument();
    const clear = within(panel).getByRole('button', { name: 'Clear Alarm' });
    expect(clear).toBeDisabled();
    expect(clear).toHaveAccessibleDescription(`Voltage high #7 ${reason}`);
    await user.click(clear);
    expect(requests.filter((request) => request.path.includes('/resolve'))).toEqual([]);
  });

  it('says in the page’s language when the server refuses the clear for the role', async () => {
    const { push, requests } = await renderWithNotifications(<NotificationBell />, {
      role: 'operator',
      onResolve: () =>
        jsonResponse({ statusCode: 201, message: roleForbiddenMessage('viewer', 'operate') }, 403),
    });
    await act(() => i18n.changeLanguage('zh'));
    push('NotificationReceived', listWire([alertWire(7)]));
    const user = userEvent.setup();
    await user.click(bell());
    const row = within(screen.getByTestId('abnormal-notification'));
    await user.click(row.getByRole('button', { name: '解除警報' }));
    expect(
      await row.findByText(
        '您的角色（檢視者）不允許此操作，需要「操作員」角色。請洽詢工廠的 Admin。',
      ),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/v1/Event/7/resolve')).toHaveLength(1);
  });

  it('closes on a click outside, on Escape (back to the bell), and on the bell itself', async () => {
    await renderWithNotifications(
      <>
        <p>Elsewhere</p>
        <NotificationBell />
      </>,
    );
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('tab', { name: 'Official' }));
    expect(panel).toBeInTheDocument();

    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();

    await user.click(bell());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();

    await user.click(bell());
    await user.click(bell());
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('is reachable and opens from the keyboard', async () => {
    await renderWithNotifications(<NotificationBell />);
    const user = userEvent.setup();
    await user.tab();
    expect(bell()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Abnormal' })).toHaveFocus();
  });

  it('closes when keyboard focus leaves the bell and its panel (issue #14)', async () => {
    await renderWithNotifications(
      <>
        <NotificationBell />
        <button type="button">After the bell</button>
      </>,
    );
    const user = userEvent.setup();
    const bell = screen.getByTestId('notification-bell');
    await user.click(bell);
    const panel = await screen.findByRole('tabpanel');
    // Moving within the panel keeps it open.
    await user.tab();
    expect(screen.getByRole('tabpanel')).toBe(panel);
    act(() => screen.getByRole('button', { name: 'After the bell' }).focus());
    await waitFor(() => expect(screen.queryByRole('tabpanel')).not.toBeInTheDocument());
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });
});
