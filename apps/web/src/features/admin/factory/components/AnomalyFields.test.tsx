import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminFactory } from '@wattboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ok, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import type { Answers } from '@/testing/admin/admin-harness';

const UPDATE = '/v1/Admin/Factory/Update';

function factoryServer(anomalies: AdminFactory['anomalies']): Answers {
  let factory: AdminFactory = {
    id: 1,
    slug: 'demo',
    name: 'Demo plant',
    nameZh: '示範工廠',
    timeZone: 'Asia/Taipei',
    co2Factor: 0.474,
    contractCapacityKw: 500,
    ...(anomalies ? { anomalies } : {}),
  };
  return {
    '/v1/Admin/Factory/Get': () => ok('/v1/Admin/Factory/Get', { factory, job: null }),
    '/v1/Admin/Job/List': () => ok('/v1/Admin/Job/List', { jobs: [] }),
    '/v1/Admin/EmissionFactor/List': () =>
      ok('/v1/Admin/EmissionFactor/List', {
        factors: [{ year: 2026, kgPerKwh: 0.474, source: '', sourceZh: '' }],
        currentYear: 2026,
        current: { kgPerKwh: 0.474, fromYear: 2026 },
      }),
    [UPDATE]: (body) => {
      factory = { ...factory, ...(body as Partial<AdminFactory>) };
      return ok(UPDATE, { factory, job: null });
    },
  };
}

const RULE = { enabled: true, marginPercent: 30, minKw: 3, minutes: 60 };

describe('Admin › Factory › anomaly events', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('shows the rule and saves a change with the other settings', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('factory', factoryServer(RULE));
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
    renderAdmin('factory', factoryServer(undefined));
    expect(await screen.findByLabelText('Name (English)')).toHaveValue('Demo plant');
    expect(screen.queryByTestId('admin-factory-anomalies')).toBeNull();
  });

  it('reads in 中文', async () => {
    await act(() => i18n.changeLanguage('zh-TW'));
    try {
      renderAdmin('factory', factoryServer(RULE));
      const group = within(await screen.findByTestId('admin-factory-anomalies'));
      expect(group.getByText('異常事件')).toBeInTheDocument();
      expect(group.getByLabelText('持續至少（分鐘）')).toHaveValue('60');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
