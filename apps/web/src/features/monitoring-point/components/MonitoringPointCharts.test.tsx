import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { storeSession } from '@/testing/session';
import {
  bodiesTo,
  PAGE,
  preparePageTests,
  searchOf,
  serveFactory,
} from '@/testing/monitoring-point/monitor-page-harness';
import { powerDetailBody } from '@/testing/monitoring-point/monitor-fixtures';

describe('Monitor Point charts and consumption query', () => {
  preparePageTests();

  it('shows the power detail totals and asks again when the resolution changes', async () => {
    storeSession();
    const { requests } = serveFactory();
    const { router } = renderApp(PAGE);
    const stats = await screen.findByTestId('power-detail-stats');
    expect(within(stats).getByText('Total Consumed (kwh)').nextSibling).toHaveTextContent('310.2');
    expect(within(stats).getByText('Peak to Peak (kwh)').nextSibling).toHaveTextContent('9.6');
    expect(within(stats).getByText('Peak to Peak (kw)').nextSibling).toHaveTextContent('38.4');
    expect(within(stats).getByText('Max (kw)').nextSibling).toHaveTextContent('51.8');
    expect(screen.getByRole('img', { name: /15-minute resolution/ })).toBeInTheDocument();

    const group = screen.getByRole('group', { name: 'Resolution' });
    expect(within(group).getByRole('button', { name: '15 min' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.setup().click(within(group).getByRole('button', { name: '60 min' }));
    expect(searchOf(router).get('resolution')).toBe('60');
    await waitFor(() =>
      expect(bodiesTo(requests, '/v1/Web/Monitor/Device/Power/Detail').at(-1)).toMatchObject({
        resolution: 60,
      }),
    );
  });

  it('offers only resolutions that can chart the range, and moves to one that can', async () => {
    storeSession();
    serveFactory();
    const { router } = renderApp(PAGE.replace('resolution=15', 'resolution=1'));
    const group = await screen.findByRole('group', { name: 'Resolution' });
    expect(within(group).getByRole('button', { name: '1 min' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Last 30 days' }));
    expect(searchOf(router).get('resolution')).toBe('15');
    expect(within(group).getByRole('button', { name: '1 min' })).toBeDisabled();
    expect(within(group).getByRole('button', { name: '5 min' })).toBeDisabled();
    expect(within(group).getByRole('button', { name: '15 min' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('explains a resolution the server refuses for the range, instead of a bare error', async () => {
    storeSession();
    serveFactory({
      '/v1/Web/Monitor/Device/Power/Detail': () => ({
        ...powerDetailBody(),
        statusCode: 201,
        message: '1-minute charts cover at most 2 days',
      }),
    });
    renderApp(PAGE.replace('resolution=15', 'resolution=1'));
    expect(await screen.findByText(/Choose 15 or 60 minutes/)).toBeInTheDocument();
  });

  it('shows the heatmap of the day and its level legend', async () => {
    storeSession();
    serveFactory();
    renderApp(PAGE);
    expect(await screen.findByRole('img', { name: /energy per hour, 1 days/ })).toBeInTheDocument();
    const legend = screen.getByRole('list', { name: 'Level' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Low', 'Mid', 'High', 'No data yet']);
  });

  it('runs the consumption query for the range, then for the chosen window and weekdays', async () => {
    storeSession();
    const { requests } = serveFactory();
    renderApp(PAGE);
    const results = await screen.findByTestId('consumption-results');
    expect(within(results).getByText('Total Consumed (kwh)').nextSibling).toHaveTextContent(
      '812.5',
    );
    expect(
      within(results).getByText('Each Day Average Consumed (kwh)').nextSibling,
    ).toHaveTextContent('135.4');
    expect(within(results).getByText('Total CO2 (kg)').nextSibling).toHaveTextContent('385.1');
    expect(within(results).getByText('Each Day Average CO2 (kg)').nextSibling).toHaveTextContent(
      '64.2',
    );
    expect(bodiesTo(requests, '/v1/Web/Monitor/Device/ConsumptionQuery')[0]).toMatchObject({
      segmentInfo: {
        dateRange: { startDate: '2026-11-21', endDate: '2026-11-21' },
        timeRange: { startTime: '00:00', endTime: '24:00' },
        weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
      },
    });

    const user = userEvent.setup();
    const form = screen.getByRole('button', { name: 'Query' }).closest('form')!;
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) {
      await user.click(within(form).getByRole('checkbox', { name: day }));
    }
    const from = within(form).getByLabelText('From');
    await user.clear(from);
    await user.type(from, '22:00');
    const to = within(form).getByLabelText('To');
    await user.clear(to);
    await user.type(to, '06:00');
    await user.click(within(form).getByRole('button', { name: 'Query' }));
    await waitFor(() =>
      expect(bodiesTo(requests, '/v1/Web/Monitor/Device/ConsumptionQuery').at(-1)).toMatchObject({
        segmentInfo: {
          timeRange: { startTime: '22:00', endTime: '06:00' },
          weekdays: ['Sun', 'Sat'],
        },
      }),
    );
  });

  it('refuses a query without weekdays and says why', async () => {
    storeSession();
    const { requests } = serveFactory();
    renderApp(PAGE);
    await screen.findByTestId('consumption-results');
    const user = userEvent.setup();
    for (const day of ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']) {
      await user.click(screen.getByRole('checkbox', { name: day }));
    }
    const before = bodiesTo(requests, '/v1/Web/Monitor/Device/ConsumptionQuery').length;
    await user.click(screen.getByRole('button', { name: 'Query' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one weekday.');
    expect(bodiesTo(requests, '/v1/Web/Monitor/Device/ConsumptionQuery')).toHaveLength(before);
  });

  it('steps the time inputs by 15 minutes and refuses a typed time between quarter hours', async () => {
    storeSession();
    const { requests } = serveFactory();
    renderApp(PAGE);
    await screen.findByTestId('consumption-results');
    const user = userEvent.setup();
    const form = screen.getByRole('button', { name: 'Query' }).closest('form')!;
    const from = within(form).getByLabelText('From');
    expect(from).toHaveAttribute('step', '900');
    expect(within(form).getByLabelText('To')).toHaveAttribute('step', '900');
    await user.clear(from);
    await user.type(from, '17:50');
    const before = bodiesTo(requests, '/v1/Web/Monitor/Device/ConsumptionQuery').length;
    await user.click(within(form).getByRole('button', { name: 'Query' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Use a quarter hour (:00, :15, :30 or :45); figures are computed in 15-minute blocks.',
    );
    expect(bodiesTo(requests, '/v1/Web/Monitor/Device/ConsumptionQuery')).toHaveLength(before);
  });
});
