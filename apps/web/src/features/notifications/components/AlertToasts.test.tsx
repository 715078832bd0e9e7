import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { alertReceived, alertWire, listWire } from '@/testing/notifications/notification-fixtures';
import { AlertToasts } from './AlertToasts';
import { renderWithNotifications } from '@/testing/notifications/notification-harness';

describe('AlertToasts', () => {
  it('toasts a new alarm with its title in the current language', async () => {
    const { push } = await renderWithNotifications(<AlertToasts />);
    push('AlertReceived', alertReceived(5));
    expect(await screen.findByText('Voltage high #5')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('zh'));
    push('NotificationReceived', alertReceived(6));
    expect(await screen.findByText('電壓過高 #6')).toBeInTheDocument();
  });

  it('does not toast the alarms of a list (the initial load or a refresh)', async () => {
    const { push } = await renderWithNotifications(<AlertToasts />);
    push('NotificationReceived', listWire([alertWire(1)]));
    push('NotificationReceived', listWire([alertWire(2), alertWire(1)]));
    push('AlertReceived', alertReceived(3));
    expect(await screen.findByText('Voltage high #3')).toBeInTheDocument();
    expect(screen.queryByText('Voltage high #1')).not.toBeInTheDocument();
    expect(screen.queryByText('Voltage high #2')).not.toBeInTheDocument();
  });
});
