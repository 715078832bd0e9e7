import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { jsonResponse } from '@/testing/network';
import { overviewBody } from '@/testing/overview/overview-fixtures';
import { CALLS, prepareOverviewTests, renderOverview } from '@/testing/overview/overview-harness';

const card = (testId: string) => within(screen.getByTestId(testId));

describe('Overview page', () => {
  prepareOverviewTests();

  it('shows demand against the capacity, usage, meters, ranking, diary and controls', async () => {
    renderOverview();
    expect(await screen.findByTestId('real-time-demand')).toHaveTextContent('412.3 kW');
    expect(card('overview-demand').getByText('655 kW')).toBeInTheDocument();
    const gauge = card('overview-demand').getByRole('meter');
    expect(gauge).toHaveAttribute('aria-valuemax', '800');
    expect(
      card('overview-demand').getByText(/51\.5% of the contract capacity/),
    ).toBeInTheDocument();

    const [day, month] = card('overview-usage').getAllByTestId('usage-kwh');
    expect(day).toHaveTextContent('1,235');
    expect(month).toHaveTextContent('30,500');
    expect(card('overview-usage').getByText(/\+100 kWh \(\+8\.8%\)/)).toBeInTheDocument();
    expect(card('overview-usage').getByText(/-1,500 kWh \(-4\.7%\)/)).toBeInTheDocument();

    // The cards below the first screen show the answer in a second pass.
    expect(
      await card('overview-power-info').findByRole('link', { name: 'Office' }),
    ).toHaveAttribute(
      'href',
      // Tests run in Vite's dev mode, so in-app links carry is_dev=1.
      '/dashboard/monitoring-point?deviceId=11&startDate=2026-11-21&endDate=2026-11-21&resolution=5&is_dev=1',
    );
    expect(card('overview-ranking').getAllByText('Big consumer')).toHaveLength(2);
    expect(
      card('overview-diary').getByText('New daily demand maximum 530.2 kW'),
    ).toBeInTheDocument();
    expect(card('overview-controls').getByText('Ir Control')).toBeInTheDocument();
    expect(card('overview-alarm').getByText('No open alarms.')).toBeInTheDocument();

    // The day's curve and the heatmap are drawn (SVG in jsdom).
    await waitFor(() =>
      expect(screen.getByTestId('overview-power-chart-canvas').querySelector('svg')).not.toBeNull(),
    );
    expect(
      card('overview-power-chart').getByText(/Total Consumed \(kwh\): 1,316 kWh/),
    ).toBeInTheDocument();
    expect(screen.getByTestId('energy-distribution-chart').querySelector('svg')).not.toBeNull();
  });

  it('speaks Traditional Chinese', async () => {
    renderOverview();
    await screen.findByTestId('real-time-demand');
    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getByText('即時需量')).toBeInTheDocument();
    expect(screen.getByText('本月最大需量')).toBeInTheDocument();
    expect(card('overview-diary').getByText('今日新最大需量 530.2 kW')).toBeInTheDocument();
    expect(card('overview-power-info').getByRole('link', { name: '辦公室' })).toBeInTheDocument();
    expect(card('overview-controls').getByText('紅外線控制')).toBeInTheDocument();
  });

  it('expands the tree and links every node to its Monitoring Point page', async () => {
    const user = userEvent.setup();
    const { router } = renderOverview();
    const tree = await screen.findByTestId('overview-detect-line');
    const expand = await within(tree).findByRole('button', { name: 'Expand Production Area' });
    expect(within(tree).queryByRole('link', { name: 'Compressor Room Meter' })).toBeNull();
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    await user.click(within(tree).getByRole('link', { name: 'Compressor Room Meter' }));
    await screen.findByText('Monitoring point page');
    expect(router.state.location.search).toContain('deviceId=9');
  });

  it("compares the root's children over the last week, and again on another choice", async () => {
    const user = userEvent.setup();
    const { bodies } = renderOverview();
    const comparison = await screen.findByTestId('overview-comparison');
    await waitFor(() => expect(bodies(CALLS.ratio)).toHaveLength(1));
    expect(bodies(CALLS.ratio)[0]).toMatchObject({
      factoryId: 0,
      startDate: '2026-11-15',
      endDate: '2026-11-21',
      channelIdList: [10, 11],
    });
    await within(comparison).findByText(/Unmetered \/ other/);

    await user.click(within(comparison).getByRole('checkbox', { name: 'Production Area' }));
    await user.click(within(comparison).getByRole('checkbox', { name: 'Compressor Room Meter' }));
    await waitFor(() => expect(bodies(CALLS.ratio).at(-1)?.channelIdList).toEqual([9, 11]));
    await user.click(within(comparison).getByRole('tab', { name: 'Bar' }));
    const legend = within(comparison).getByRole('list', { name: 'Bar' });
    await waitFor(() => expect(legend).toHaveTextContent('Compressor Room Meter'));
    expect(legend).not.toHaveTextContent('Production Area');

    await user.click(within(comparison).getByRole('checkbox', { name: 'Compressor Room Meter' }));
    await user.click(within(comparison).getByRole('checkbox', { name: 'Office' }));
    expect(await within(comparison).findByText('Choose at least one channel.')).toBeInTheDocument();
  });

  it('shows a failed Overview per card with a retry, while the chart still draws', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderOverview({
      answers: {
        [CALLS.overview]: () =>
          fail ? jsonResponse({ statusCode: 201, message: 'Internal error' }, 500) : overviewBody(),
      },
    });
    const demand = await screen.findByTestId('overview-demand');
    // A failed query is retried once, then the card says so and offers another try.
    const retry = await within(demand).findByRole(
      'button',
      { name: 'Try again' },
      { timeout: 8000 },
    );
    expect(
      await card('overview-ranking').findByRole('button', { name: 'Try again' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('overview-power-chart-canvas').querySelector('svg')).not.toBeNull(),
    );
    fail = false;
    await user.click(retry);
    expect(await screen.findByTestId('real-time-demand')).toHaveTextContent('412.3 kW');
  });
});
