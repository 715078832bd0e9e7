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
import { notFoundBody } from '@/testing/monitoring-point/monitor-fixtures';

describe('Monitor Point page', () => {
  preparePageTests();

  it("shows each channel's phases, demand, energy and CO2 for the node in the URL", async () => {
    storeSession();
    const { requests } = serveFactory();
    renderApp(PAGE);

    const cards = await screen.findAllByTestId('channel-card');
    expect(cards).toHaveLength(2);
    const meter = cards[0]!;
    expect(within(meter).getByRole('heading', { name: 'Meter 1' })).toBeInTheDocument();
    const phases = within(meter).getByRole('table');
    const cellsOf = (name: RegExp) =>
      within(within(phases).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(
      within(phases)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Phase', 'A', 'B', 'C']);
    expect(cellsOf(/^Voltage/)).toEqual(['221.3', '220.8', '222.1']);
    expect(cellsOf(/^Current/)).toEqual(['61.2', '70.4', '52.3']);
    expect(cellsOf(/^Power/)).toEqual(['12.90', '14.80', '11.00']);
    expect(cellsOf(/^PF/)).toEqual(['0.95', '0.95', '0.95']);
    expect(cellsOf(/^Balance/)).toEqual(['Mid', 'High', 'Low']);

    const demand = within(meter).getByTestId('demand');
    expect(within(demand).getByText('Real Time Demand').nextSibling).toHaveTextContent('42.1');
    expect(within(demand).getByText('This Month Max').nextSibling).toHaveTextContent('55.3');
    expect(within(demand).getByText('Max').nextSibling).toHaveTextContent('48');
    const energy = within(meter).getByTestId('energy');
    expect(within(energy).getByText('Forward (kWh)').nextSibling).toHaveTextContent('1,521');
    expect(within(energy).getByText('CO2 (kg)').nextSibling).toHaveTextContent('720.7');
    expect(within(energy).queryByText('Reverse (kWh)')).not.toBeInTheDocument();

    const solar = cards[1]!;
    expect(within(solar).getByText('Reverse (kWh)').nextSibling).toHaveTextContent('96.3');
    expect(within(solar).getByText('Net (kWh)').nextSibling).toHaveTextContent('-93.8');
    expect(within(solar).getByRole('columnheader', { name: 'Single' })).toBeInTheDocument();
    expect(within(solar).getByRole('row', { name: /^Voltage/ })).toHaveTextContent('230.1');

    const [device] = bodiesTo(requests, '/v1/Web/Monitor/Device');
    expect(device).toMatchObject({
      factoryId: 0,
      deviceId: 9,
      timeRange: { start: '2026-11-21', end: '2026-11-21' },
    });
  });

  it('narrows the cards to one channel with Channel Select', async () => {
    storeSession();
    serveFactory();
    renderApp(PAGE);
    const select = await screen.findByRole('combobox', { name: 'Channel Select' });
    await userEvent.setup().selectOptions(select, 'Solar inverter');
    const cards = screen.getAllByTestId('channel-card');
    expect(cards).toHaveLength(1);
    expect(cards[0]).toHaveTextContent('Solar inverter');
  });

  it('puts a changed node and date range into the URL and asks for them', async () => {
    storeSession();
    const { requests } = serveFactory();
    const { router } = renderApp(PAGE);
    const user = userEvent.setup();
    await screen.findAllByTestId('channel-card');

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Monitoring point' }),
      'Air compressor',
    );
    expect(searchOf(router).get('deviceId')).toBe('8');

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    const search = searchOf(router);
    expect(search.get('endDate')).toBe(search.get('endDate')?.match(/^\d{4}-\d{2}-\d{2}$/)?.[0]);
    expect(search.get('startDate')! < search.get('endDate')!).toBe(true);
    await waitFor(() =>
      expect(bodiesTo(requests, '/v1/Web/Monitor/Device').at(-1)).toMatchObject({
        deviceId: 8,
        timeRange: { start: search.get('startDate'), end: search.get('endDate') },
      }),
    );
  });

  it('says when the node does not exist in this factory, on every card', async () => {
    storeSession();
    serveFactory({
      '/v1/Web/Monitor/Device': () => notFoundBody('/v1/Web/Monitor/Device'),
      '/v1/Web/Monitor/Device/Power/Detail': () =>
        notFoundBody('/v1/Web/Monitor/Device/Power/Detail'),
      '/v1/Web/Monitor/Device/ConsumptionQuery': () =>
        notFoundBody('/v1/Web/Monitor/Device/ConsumptionQuery'),
      '/v1/Web/Setting/Alarm/List': () => notFoundBody('/v1/Web/Setting/Alarm/List'),
    });
    renderApp(PAGE.replace('deviceId=9', 'deviceId=4242'));
    await waitFor(() =>
      expect(
        screen.getAllByText('This monitoring point does not exist in your factory.'),
      ).toHaveLength(5),
    );
  });

  it('offers a retry when a call fails', async () => {
    storeSession();
    let failures = 0;
    serveFactory({
      '/v1/Web/Monitor/Device/ConsumptionQuery': () => {
        failures += 1;
        throw new Error('offline');
      },
    });
    renderApp(PAGE);
    const card = (await screen.findByRole('heading', { name: 'Consumption Query' })).closest(
      'section',
    )!;
    await within(card).findByRole('button', { name: 'Try again' }, { timeout: 6000 });
    expect(failures).toBe(2); // the first try and one retry
  });

  it('starts from the first node when the URL has none (deviceId=0)', async () => {
    storeSession();
    serveFactory();
    const { router } = renderApp('/dashboard/monitoring-point?deviceId=0');
    await waitFor(() => expect(searchOf(router).get('deviceId')).toBe('7'));
  });

  it('speaks Traditional Chinese', async () => {
    storeSession();
    serveFactory();
    renderApp(PAGE);
    await screen.findAllByTestId('channel-card');
    await userEvent.setup().click(screen.getByRole('button', { name: '中文' }));
    // The Chinese strings load on demand (issue #14): wait for them once.
    const meter = screen.getAllByTestId('channel-card')[0]!;
    expect(await within(meter).findByRole('heading', { name: '一號電表' })).toBeInTheDocument();
    for (const text of ['即時需量', '本月最大需量', '碳排放 (kg)']) {
      expect(within(meter).getByText(text)).toBeInTheDocument();
    }
    for (const name of ['能耗分布', '用電查詢', '電力明細']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('combobox', { name: '迴路選擇' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '解析度' })).toBeInTheDocument();
    expect(screen.getByText('峰對峰值 (kWh)')).toBeInTheDocument();
    expect(
      screen.getByText('總用電量 (kWh)', { selector: '[data-testid="consumption-results"] dt' }),
    ).toBeInTheDocument();
  });
});
