import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminEvent } from '@wattboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ok, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import type { Answers } from '@/testing/admin/admin-harness';

/** An anomaly event (decision 0082) as the server lists it. */
const anomaly: AdminEvent = {
  id: 12,
  nodeId: 3,
  nodeName: 'Air Compressor 1',
  nodeChName: '空壓機 1',
  target: 'anomaly',
  kind: 'anomaly',
  titleText: 'Anomaly: Air Compressor 1',
  descText:
    'Air Compressor 1 has drawn 32 kW since 2026/11/23 09:00, 12 kW (60 %) above its typical 20 kW.',
  title: '用電異常：空壓機 1',
  desc: '空壓機 1 自 2026/11/23 09:00 起用電 32 kW，比平常的 20 kW 高 12 kW（60%）。',
  value: 32,
  thresholdLow: 14,
  thresholdHigh: 26,
  state: 'unresolved',
  openedAt: '2026-11-23T02:01:00Z',
  lastBreachAt: '2026-11-23T02:00:00Z',
  resolvedAt: null,
  resolvedBy: null,
};

const answers: Answers = {
  '/v1/Admin/Node/List': () => ok('/v1/Admin/Node/List', { nodes: [] }),
  '/v1/Admin/Event/List': () =>
    ok('/v1/Admin/Event/List', { events: [anomaly], nextBeforeId: null }),
};

describe('Admin › Alarm events › anomalies', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('lists an anomaly and filters by the Anomaly target', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('alarms', answers);
    const row = within(await screen.findByTestId('admin-event-row'));
    expect(row.getByText('Anomaly: Air Compressor 1')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Target'), 'Anomaly');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(sentTo(network, '/v1/Admin/Event/List').at(-1)).toMatchObject({ target: 'anomaly' }),
    );
  });

  it('reads 異常 in 中文', async () => {
    await act(() => i18n.changeLanguage('zh-TW'));
    try {
      renderAdmin('alarms', answers);
      const row = within(await screen.findByTestId('admin-event-row'));
      expect(row.getByText('用電異常：空壓機 1')).toBeInTheDocument();
      expect(
        within(screen.getByLabelText('項目')).getByRole('option', { name: '異常' }),
      ).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
