import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HubProvider } from '@/lib/hub';
import { FakeHubConnection } from '@/testing/hub/fake-hub-connection';
import { createQueryClient } from '@/lib/query-client';
import { storeSession } from '@/testing/session';
import { LIVE_REFRESH_DELAY_MS, LIVE_SILENCE_MS } from '../hooks/use-live-device-refresh';
import { MonitoringPointPage } from './MonitoringPointPage';
import {
  bodiesTo,
  PAGE,
  preparePageTests,
  serveFactory,
} from '@/testing/monitoring-point/monitor-page-harness';
import {
  deviceBody,
  meterChannel,
  solarChannel,
} from '@/testing/monitoring-point/monitor-fixtures';

const MINUTE = 60_000;
const CALLS = {
  device: '/v1/Web/Monitor/Device',
  power: '/v1/Web/Monitor/Device/Power/Detail',
  consumption: '/v1/Web/Monitor/Device/ConsumptionQuery',
  alarms: '/v1/Web/Setting/Alarm/List',
} as const;

/** What the hub pushes: which node has new data and when, no values. */
const reading = (deviceId: number) => ({ deviceId, time: '2026-11-21T06:04:00Z' });

/** The device call's answer after the next reading: new demand and phase A power on the meter. */
function deviceAfterReading(demandKw: number, phaseAKw: number) {
  return deviceBody({
    channelList: [
      {
        ...meterChannel,
        demand: { ...meterChannel.demand, valueKw: demandKw },
        channels: {
          ...meterChannel.channels,
          a: { ...meterChannel.channels.a, valueKw: phaseAKw },
        },
      },
      solarChannel,
    ],
  });
}

function meterFigures() {
  const meter = screen.getAllByTestId('channel-card')[0]!;
  const demand = within(meter).getByTestId('demand');
  const power = within(within(meter).getByRole('table')).getByRole('row', { name: /^Power/ });
  return {
    demand: within(demand).getByText('Real Time Demand').nextSibling?.textContent,
    phaseA: within(power).getAllByRole('cell')[0]?.textContent,
  };
}

/**
 * The page inside a HubProvider whose connection is a fake that answers
 * SubscribeToDevice the way the server does (a SubscriptionConfirmed push),
 * unless `confirm` is false; the network boundary is the stubbed fetch.
 */
function renderLivePage({
  confirm = true,
  answers = {},
}: { confirm?: boolean; answers?: Parameters<typeof serveFactory>[0] } = {}) {
  storeSession();
  const network = serveFactory(answers);
  const connections: FakeHubConnection[] = [];
  const createConnection = () => {
    const connection = new FakeHubConnection();
    connection.answer = async (method, args) => {
      if (confirm && method === 'SubscribeToDevice') {
        queueMicrotask(() => connection.emit('SubscriptionConfirmed', { deviceId: args[0] }));
      }
      return undefined;
    };
    connections.push(connection);
    return connection;
  };
  const router = createMemoryRouter(
    [{ path: '/dashboard/monitoring-point', element: <MonitoringPointPage /> }],
    { initialEntries: [PAGE] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HubProvider createConnection={createConnection}>
        <RouterProvider router={router} />
      </HubProvider>
    </QueryClientProvider>,
  );
  const counts = () =>
    Object.fromEntries(
      Object.entries(CALLS).map(([name, path]) => [name, bodiesTo(network.requests, path).length]),
    );
  return { connections, counts, hub: () => connections.at(-1)! };
}

async function allCardsLoaded(counts: () => Record<string, number>) {
  await screen.findAllByTestId('channel-card');
  await waitFor(() => expect(counts()).toEqual({ device: 1, power: 1, consumption: 1, alarms: 1 }));
}

describe('Monitor Point live updates', () => {
  preparePageTests();
  afterEach(() => {
    vi.useRealTimers();
  });

  it('subscribes to the node and refetches once per burst of readings, without polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let device = deviceBody();
    const { counts, hub } = renderLivePage({
      answers: { [CALLS.device]: () => device },
    });
    await allCardsLoaded(counts);
    expect(meterFigures()).toEqual({ demand: '42.1', phaseA: '12.90' });
    await waitFor(() =>
      expect(screen.getByTestId('live-status')).toHaveTextContent('Live updates'),
    );
    expect(hub().invocations).toContainEqual({ method: 'SubscribeToDevice', args: [9] });

    // The server has stored a new reading; the pushes only say so.
    device = deviceAfterReading(57.6, 20.5);
    act(() => {
      hub().emit('DeviceReading', reading(9));
      hub().emit('DeviceReading', reading(9));
      hub().emit('DeviceReading', reading(8)); // another node: not this page's business
      hub().emit('DeviceReading', reading(9));
    });
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_DELAY_MS - 500));
    expect(counts()).toEqual({ device: 1, power: 1, consumption: 1, alarms: 1 });
    expect(meterFigures()).toEqual({ demand: '42.1', phaseA: '12.90' });

    await act(() => vi.advanceTimersByTimeAsync(500));
    // One refetch of everything a reading of today changes (the range is the factory's today).
    await waitFor(() =>
      expect(counts()).toEqual({ device: 2, power: 2, consumption: 2, alarms: 2 }),
    );
    // The new figures are on screen, from the refetch.
    await waitFor(() => expect(meterFigures()).toEqual({ demand: '57.6', phaseA: '20.50' }));

    // No polling while live: a quiet minute and more fetches nothing.
    await act(() => vi.advanceTimersByTimeAsync(MINUTE + 5000));
    expect(counts()).toEqual({ device: 2, power: 2, consumption: 2, alarms: 2 });
  });

  it('refetches at most once per window under a steady stream of pushes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { counts, hub } = renderLivePage();
    await allCardsLoaded(counts);
    await waitFor(() =>
      expect(screen.getByTestId('live-status')).toHaveTextContent('Live updates'),
    );

    // Four pushes a second for ten seconds (a virtual node over many meters, say).
    const streamMs = 10_000;
    for (let elapsed = 0; elapsed < streamMs; elapsed += 250) {
      act(() => hub().emit('DeviceReading', reading(9)));
      await act(() => vi.advanceTimersByTimeAsync(250));
    }
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_DELAY_MS));
    const windows = Math.ceil(streamMs / LIVE_REFRESH_DELAY_MS);
    // The first device fetch was the page's load; the rest followed the pushes.
    const refetches = () => (counts().device ?? 0) - 1;
    await waitFor(() => expect(refetches()).toBeGreaterThan(0));
    expect(refetches()).toBeLessThanOrEqual(windows);
    // Forty pushes, yet the page kept refreshing while they came: not only after the last.
    expect(refetches()).toBeGreaterThanOrEqual(windows - 1);
  });

  it('polls every minute while pushes are not confirmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { counts } = renderLivePage({ confirm: false });
    await allCardsLoaded(counts);
    expect(screen.getByTestId('live-status')).toHaveTextContent('Updates every minute');

    await act(() => vi.advanceTimersByTimeAsync(MINUTE));
    await waitFor(() =>
      expect(counts()).toEqual({ device: 2, power: 2, consumption: 2, alarms: 2 }),
    );
  });

  it('falls back to polling when the connection drops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { counts, hub } = renderLivePage();
    await allCardsLoaded(counts);
    await waitFor(() =>
      expect(screen.getByTestId('live-status')).toHaveTextContent('Live updates'),
    );

    act(() => hub().loseConnection());
    expect(screen.getByTestId('live-status')).toHaveTextContent('Updates every minute');
    await act(() => vi.advanceTimersByTimeAsync(MINUTE));
    await waitFor(() => expect(counts().device).toBe(2));

    // Back online: a new subscription, and live again.
    act(() => hub().reconnect());
    await waitFor(() =>
      expect(screen.getByTestId('live-status')).toHaveTextContent('Live updates'),
    );
    expect(hub().invocations.filter((i) => i.method === 'SubscribeToDevice')).toHaveLength(2);
  });

  it('stops saying live and polls when a confirmed subscription hears nothing (issue #14)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { counts, hub } = renderLivePage();
    await allCardsLoaded(counts);
    await waitFor(() =>
      expect(screen.getByTestId('live-status')).toHaveTextContent('Live updates'),
    );

    // Confirmed, but no push ever arrives: after the silence the page says so and polls.
    await act(() => vi.advanceTimersByTimeAsync(LIVE_SILENCE_MS));
    expect(screen.getByTestId('live-status')).toHaveTextContent('Updates every minute');
    await act(() => vi.advanceTimersByTimeAsync(MINUTE));
    await waitFor(() => expect(counts().device).toBe(2));

    // A push for this node makes it live again.
    act(() => hub().emit('DeviceReading', reading(9)));
    expect(screen.getByTestId('live-status')).toHaveTextContent('Live updates');
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_DELAY_MS));
    await waitFor(() => expect(counts().device).toBe(3));
  });
});
