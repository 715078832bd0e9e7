import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OVERVIEW_REFRESH_DELAY_MS } from '../hooks/use-overview-refresh';
import { overviewBody, TODAY } from '@/testing/overview/overview-fixtures';
import { CALLS, prepareOverviewTests, renderOverview } from '@/testing/overview/overview-harness';

const MINUTE = 60_000;
/** What the hub pushes: which meter has new data (its own or a circuit's) and when, no values. */
const reading = (deviceId: number) => ({ deviceId, time: `${TODAY}T06:04:00Z` });
const demandAt = (valueKW: number) =>
  overviewBody({ demand: { valueKW, monthMaxKW: 655, maxKW: 530.2, contractCapacityKW: 800 } });
const alert = {
  type: 'Abnormal',
  id: 42,
  time: `${TODAY}T06:05:00Z`,
  titleText: 'Test alarm',
  descText: 'Triggered from the test screen',
  title: '測試警報',
  desc: '由測試畫面觸發',
  state: 'unresolved',
};

describe('Overview live updates', () => {
  prepareOverviewTests();
  afterEach(() => vi.useRealTimers());

  it('subscribes to every meter and refetches once per burst of their readings, without polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let overview = demandAt(412.3);
    const { bodies, hub } = renderOverview({ answers: { [CALLS.overview]: () => overview } });
    expect(await screen.findByTestId('real-time-demand')).toHaveTextContent('412.3 kW');
    await waitFor(() =>
      expect(screen.getByTestId('overview-live')).toHaveTextContent('Live updates'),
    );
    const subscribed = hub()
      .invocations.filter((call) => call.method === 'SubscribeToDevice')
      .map((call) => call.args[0]);
    expect(subscribed.sort()).toEqual([11, 9]);
    const before = { overview: bodies(CALLS.overview).length, chart: bodies(CALLS.chart).length };

    // The meters' new readings are stored; the pushes only say so.
    overview = demandAt(436.8);
    act(() => {
      hub().emit('DeviceReading', reading(9));
      hub().emit('DeviceReading', reading(11));
      hub().emit('DeviceReading', reading(9));
    });
    await act(() => vi.advanceTimersByTimeAsync(OVERVIEW_REFRESH_DELAY_MS - 500));
    expect(bodies(CALLS.overview)).toHaveLength(before.overview);
    expect(screen.getByTestId('real-time-demand')).toHaveTextContent('412.3 kW');
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(bodies(CALLS.overview)).toHaveLength(before.overview + 1));
    // The new figure is on screen, from the refetch.
    await waitFor(() =>
      expect(screen.getByTestId('real-time-demand')).toHaveTextContent('436.8 kW'),
    );
    // Today's chart follows too.
    await waitFor(() => expect(bodies(CALLS.chart)).toHaveLength(before.chart + 1));

    await act(() => vi.advanceTimersByTimeAsync(MINUTE + 5000));
    expect(bodies(CALLS.overview)).toHaveLength(before.overview + 1);
  });

  it('refetches at most once per window while the meters keep pushing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { bodies, hub } = renderOverview();
    await screen.findByTestId('real-time-demand');
    await waitFor(() =>
      expect(screen.getByTestId('overview-live')).toHaveTextContent('Live updates'),
    );
    const before = bodies(CALLS.overview).length;

    // A push every half second, alternating meters, for twenty seconds.
    const streamMs = 20_000;
    for (let elapsed = 0; elapsed < streamMs; elapsed += 500) {
      act(() => hub().emit('DeviceReading', reading(elapsed % 1000 === 0 ? 9 : 11)));
      await act(() => vi.advanceTimersByTimeAsync(500));
    }
    await act(() => vi.advanceTimersByTimeAsync(OVERVIEW_REFRESH_DELAY_MS));
    const windows = Math.ceil(streamMs / OVERVIEW_REFRESH_DELAY_MS);
    await waitFor(() => expect(bodies(CALLS.overview).length).toBeGreaterThan(before));
    const refetches = bodies(CALLS.overview).length - before;
    expect(refetches).toBeLessThanOrEqual(windows);
    expect(refetches).toBeGreaterThanOrEqual(windows - 1);
  });

  it('shows a pushed alarm in the Alarm card at once and refreshes the diary', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { bodies, hub } = renderOverview();
    await screen.findByTestId('real-time-demand');
    const before = bodies(CALLS.overview).length;
    act(() => hub().emit('AlertReceived', alert));
    const alarmCard = within(screen.getByTestId('overview-alarm'));
    expect(await alarmCard.findByText('Test alarm')).toBeInTheDocument();
    expect(alarmCard.getByText('1 open')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(OVERVIEW_REFRESH_DELAY_MS));
    await waitFor(() => expect(bodies(CALLS.overview)).toHaveLength(before + 1));
  });

  it('polls every minute while the hub does not confirm the subscriptions', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { bodies } = renderOverview({ confirm: false });
    await screen.findByTestId('real-time-demand');
    expect(screen.getByTestId('overview-live')).toHaveTextContent('Updates every minute');
    const before = bodies(CALLS.overview).length;
    await act(() => vi.advanceTimersByTimeAsync(MINUTE));
    await waitFor(() => expect(bodies(CALLS.overview)).toHaveLength(before + 1));
  });

  it('falls back to polling when the connection drops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { bodies, hub } = renderOverview();
    await screen.findByTestId('real-time-demand');
    await waitFor(() =>
      expect(screen.getByTestId('overview-live')).toHaveTextContent('Live updates'),
    );
    act(() => hub().loseConnection());
    expect(screen.getByTestId('overview-live')).toHaveTextContent('Updates every minute');
    const before = bodies(CALLS.overview).length;
    await act(() => vi.advanceTimersByTimeAsync(MINUTE));
    await waitFor(() => expect(bodies(CALLS.overview)).toHaveLength(before + 1));
  });
});
