import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import { factoryServer } from '@/testing/admin/factory';

const UPDATE = '/v1/Admin/Factory/Update';

const RULE = { enabled: true, marginPercent: 30, minKw: 3, minutes: 60 };

describe('Admin › Factory › anomaly events', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('shows the rule and saves a change with the other settings', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('factory', factoryServer({ anomalies: RULE }));
    const group = within(await screen.findByTestId('admin-factory-anomalies'));
    expect(group.getByText('Anomaly events')).toBeInTheDocument();
    expect(
      group.getByLabelText('Open an event when a point is away from its typical day'),
    ).toBeChecked();
    const minutes = group.getByLabelText('For at least (minutes)');
    expect(minutes).toHaveValue('60');
    await user.clear(minutes);
    await user.type(minutes, '50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await group.findByText('Invalid value.')).toBeInTheDocument();
    expect(sentTo(network, UPDATE)).toEqual([]);
    await user.clear(minutes);
    await user.type(minutes, '90');
    await user.clear(group.getByLabelText('Margin (% of the typical kW)'));
    await user.type(group.getByLabelText('Margin (% of the typical kW)'), '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentTo(network, UPDATE)).toEqual([
        expect.objectContaining({
          name: 'Demo plant',
          anomalies: { enabled: true, marginPercent: 40, minKw: 3, minutes: 90 },
        }),
      ]),
    );
  });

  it('has no such fields when the server sends no rule (and sends none)', async () => {
    renderAdmin('factory', factoryServer());
    expect(await screen.findByLabelText('Name (English)')).toHaveValue('Demo plant');
    expect(screen.queryByTestId('admin-factory-anomalies')).toBeNull();
  });

  it('reads in 中文', async () => {
    await act(() => i18n.changeLanguage('zh-TW'));
    try {
      renderAdmin('factory', factoryServer({ anomalies: RULE }));
      const group = within(await screen.findByTestId('admin-factory-anomalies'));
      expect(group.getByText('異常事件')).toBeInTheDocument();
      expect(group.getByLabelText('持續至少（分鐘）')).toHaveValue('60');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
