import { act, renderHook } from '@testing-library/react';
import type { DeviceReadingPayload } from '@wattboard/contract';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { storeSession } from '@/testing/session';
import { clearSession } from '../session';
import { fakeHubConnections } from '@/testing/hub/fake-hub-connection';
import {
  HubProvider,
  NOT_INITIALIZED,
  useDeviceSubscription,
  useHubConnection,
  useHubEvent,
  useHubState,
} from '.';

const reading = (deviceId: number) => ({ deviceId, time: '2026-05-04T06:30:00Z' });

async function renderWithHub<T, P>(
  hook: (props: P) => T,
  { signedIn = true, initialProps }: { signedIn?: boolean; initialProps?: P } = {},
) {
  if (signedIn) storeSession();
  const fakes = fakeHubConnections();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <HubProvider createConnection={fakes.createConnection}>{children}</HubProvider>
  );
  const view = renderHook(hook, { wrapper, initialProps });
  await act(async () => {});
  return { ...view, fakes };
}

describe('HubProvider', () => {
  it('connects when a session exists', async () => {
    const { result, fakes } = await renderWithHub(() => useHubState());
    expect(result.current).toBe('Connected');
    expect(fakes.latest.startCalls).toBe(1);
  });

  it('connects only after its start delay, and not at all when unmounted first', async () => {
    vi.useFakeTimers();
    try {
      storeSession();
      const fakes = fakeHubConnections();
      const wrapper = ({ children }: { children: ReactNode }) => (
        <HubProvider createConnection={fakes.createConnection} startDelayMs={1000}>
          {children}
        </HubProvider>
      );
      const view = renderHook(() => useHubState(), { wrapper });
      await act(async () => vi.advanceTimersByTime(999));
      expect(view.result.current).toBe('Disconnected');
      await act(async () => vi.advanceTimersByTime(1));
      expect(view.result.current).toBe('Connected');
      expect(fakes.latest.startCalls).toBe(1);

      const early = fakeHubConnections();
      const unmounted = renderHook(() => useHubState(), {
        wrapper: ({ children }: { children: ReactNode }) => (
          <HubProvider createConnection={early.createConnection} startDelayMs={1000}>
            {children}
          </HubProvider>
        ),
      });
      unmounted.unmount();
      await act(async () => vi.advanceTimersByTime(2000));
      expect(early.built.every((connection) => connection.startCalls === 0)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not connect without a session', async () => {
    const { result, fakes } = await renderWithHub(() => useHubState(), { signedIn: false });
    expect(result.current).toBe('Disconnected');
    expect(fakes.built).toHaveLength(0);
  });

  it('stops and forgets the connection on sign-out', async () => {
    const { result, fakes } = await renderWithHub(() => useHubConnection());
    await act(async () => clearSession());
    expect(result.current.state).toBe('Disconnected');
    expect(fakes.latest.stopCalls).toBe(1);
    await expect(result.current.invoke('SubscribeToDevice', 1)).rejects.toThrow(NOT_INITIALIZED);
  });

  it('logs a failed first start to the console only, leaving the state Disconnected', async () => {
    storeSession();
    const fakes = fakeHubConnections({ nextStart: 'fail' });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <HubProvider createConnection={fakes.createConnection}>{children}</HubProvider>
    );
    const { result } = renderHook(() => useHubState(), { wrapper });
    await act(async () => {});
    expect(result.current).toBe('Disconnected');
    expect(console.warn).toHaveBeenCalled();
  });
});

describe('hooks outside a HubProvider', () => {
  it("report Disconnected, and invoking fails with 'Connection not initialized'", async () => {
    const { result } = renderHook(() => useHubConnection());
    expect(result.current.state).toBe('Disconnected');
    await expect(result.current.invoke('SubscribeToDevice', 1)).rejects.toThrow(NOT_INITIALIZED);
  });
});

describe('useHubEvent', () => {
  it('hands the latest handler each parsed payload while mounted', async () => {
    const handler = vi.fn();
    const { fakes, unmount } = await renderWithHub(() => useHubEvent('DeviceReading', handler));
    // An older server's push with values: the id is coerced and the values dropped.
    const older = { ...reading(4), deviceId: '4', valueKw: '12.5', channels: {} };
    act(() => fakes.latest.emit('DeviceReading', older));
    expect(handler).toHaveBeenCalledWith({ deviceId: 4, time: '2026-05-04T06:30:00Z' });
    // A push that does not say when is malformed: dropped, never handed on.
    act(() => fakes.latest.emit('DeviceReading', { deviceId: 4 }));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(console.warn).toHaveBeenCalledWith(
      expect.stringContaining('Dropped a malformed DeviceReading payload'),
      expect.anything(),
    );
    unmount();
    fakes.latest.emit('DeviceReading', reading(4));
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('useDeviceSubscription', () => {
  async function renderSubscription(deviceId: number | null) {
    const readings: DeviceReadingPayload[] = [];
    const view = await renderWithHub(
      ({ id }: { id: number | null }) =>
        useDeviceSubscription(id, (payload) => readings.push(payload)),
      { initialProps: { id: deviceId } },
    );
    const invocations = () => view.fakes.latest.invocations.map((i) => `${i.method}(${i.args})`);
    return { ...view, readings, invocations };
  }

  it('subscribes once connected and is live after the server confirms', async () => {
    const { result, fakes, invocations } = await renderSubscription(7);
    expect(invocations()).toEqual(['SubscribeToDevice(7)']);
    expect(result.current.live).toBe(false);
    act(() => fakes.latest.emit('SubscriptionConfirmed', { deviceId: 9 }));
    expect(result.current.live).toBe(false);
    act(() => fakes.latest.emit('SubscriptionConfirmed', { deviceId: '7' }));
    expect(result.current.live).toBe(true);
  });

  it("passes on this device's readings only", async () => {
    const { fakes, readings } = await renderSubscription(7);
    act(() => fakes.latest.emit('DeviceReading', reading(8)));
    act(() => fakes.latest.emit('DeviceReading', reading(7)));
    expect(readings.map((r) => r.deviceId)).toEqual([7]);
  });

  it('is not live while reconnecting and subscribes again after the reconnect', async () => {
    const { result, fakes, invocations } = await renderSubscription(7);
    act(() => fakes.latest.emit('SubscriptionConfirmed', { deviceId: 7 }));
    act(() => fakes.latest.loseConnection());
    expect(result.current.live).toBe(false);
    await act(async () => fakes.latest.reconnect());
    expect(invocations()).toEqual(['SubscribeToDevice(7)', 'SubscribeToDevice(7)']);
    act(() => fakes.latest.emit('SubscriptionConfirmed', { deviceId: 7 }));
    expect(result.current.live).toBe(true);
  });

  it('unsubscribes when the device changes or goes away', async () => {
    const { rerender, invocations, result } = await renderSubscription(7);
    await act(async () => rerender({ id: 8 }));
    expect(result.current.live).toBe(false);
    await act(async () => rerender({ id: null }));
    expect(invocations()).toEqual([
      'SubscribeToDevice(7)',
      'UnsubscribeFromDevice(7)',
      'SubscribeToDevice(8)',
      'UnsubscribeFromDevice(8)',
    ]);
  });

  it('does nothing without a device', async () => {
    const { result, invocations } = await renderSubscription(null);
    expect(invocations()).toEqual([]);
    expect(result.current.live).toBe(false);
  });
});
