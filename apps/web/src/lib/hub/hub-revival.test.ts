import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeHubConnections } from '@/testing/hub/fake-hub-connection';
import { createHubClient } from './hub-client';
import { attachRevival, REVIVE_EVERY_MS } from './hub-revival';
import type { RevivalSignals } from './hub-revival';

function controllableSignals() {
  const wakeListeners = new Set<() => void>();
  const signals: RevivalSignals & { visible: boolean; online: boolean; wake(): void } = {
    visible: true,
    online: true,
    isVisible: () => signals.visible,
    isOnline: () => signals.online,
    onWake(listener) {
      wakeListeners.add(listener);
      return () => void wakeListeners.delete(listener);
    },
    wake: () => wakeListeners.forEach((listener) => listener()),
  };
  return signals;
}

async function givenAConnectionThatGaveUp() {
  const fakes = fakeHubConnections();
  const client = createHubClient({ createConnection: fakes.createConnection });
  const signals = controllableSignals();
  const detach = attachRevival(client, signals);
  await client.start();
  fakes.latest.loseConnection();
  fakes.latest.close();
  expect(client.getState()).toBe('Disconnected');
  return { fakes, client, signals, detach };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('revival after the reconnect policy gave up', () => {
  it('tries again on its own while the tab is visible (a wall-mounted dashboard)', async () => {
    const { fakes, client } = await givenAConnectionThatGaveUp();
    await vi.advanceTimersByTimeAsync(REVIVE_EVERY_MS - 1);
    expect(fakes.latest.startCalls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fakes.latest.startCalls).toBe(2);
    expect(client.getState()).toBe('Connected');
  });

  it('keeps trying while the server stays away', async () => {
    const { fakes } = await givenAConnectionThatGaveUp();
    fakes.latest.nextStart = 'fail';
    await vi.advanceTimersByTimeAsync(REVIVE_EVERY_MS * 3);
    expect(fakes.latest.startCalls).toBe(4);
  });

  it('waits while hidden or offline, then tries at once on waking', async () => {
    const { fakes, client, signals } = await givenAConnectionThatGaveUp();
    signals.visible = false;
    await vi.advanceTimersByTimeAsync(REVIVE_EVERY_MS * 2);
    signals.visible = true;
    signals.online = false;
    await vi.advanceTimersByTimeAsync(REVIVE_EVERY_MS);
    expect(fakes.latest.startCalls).toBe(1);
    signals.online = true;
    signals.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(fakes.latest.startCalls).toBe(2);
    expect(client.getState()).toBe('Connected');
  });

  it('leaves a deliberately stopped connection alone', async () => {
    const { fakes, client, signals } = await givenAConnectionThatGaveUp();
    await client.start();
    await client.stop();
    signals.wake();
    await vi.advanceTimersByTimeAsync(REVIVE_EVERY_MS * 2);
    expect(fakes.latest.startCalls).toBe(2);
    expect(client.getState()).toBe('Disconnected');
  });

  it('does nothing to a live connection, and nothing once detached', async () => {
    const { fakes, client, signals, detach } = await givenAConnectionThatGaveUp();
    await client.start();
    signals.wake();
    await vi.advanceTimersByTimeAsync(REVIVE_EVERY_MS);
    expect(fakes.latest.startCalls).toBe(2);
    fakes.latest.close();
    detach();
    signals.wake();
    await vi.advanceTimersByTimeAsync(REVIVE_EVERY_MS);
    expect(fakes.latest.startCalls).toBe(2);
  });
});
