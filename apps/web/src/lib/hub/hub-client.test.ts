// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import {
  alertReceived,
  connectionInitialized,
} from '@/testing/notifications/notification-fixtures';
import { fakeHubConnections } from '@/testing/hub/fake-hub-connection';
import { createHubClient, NOT_INITIALIZED } from './hub-client';
import type { HubState } from './types';

function setup(options: Parameters<typeof fakeHubConnections>[0] = {}) {
  const fakes = fakeHubConnections(options);
  const client = createHubClient({
    createConnection: fakes.createConnection,
    now: () => new Date(2026, 4, 4, 9, 15, 30),
  });
  const states: HubState[] = [];
  client.onStateChange((state) => states.push(state));
  const lines: string[] = [];
  client.onLog((line) => lines.push(line));
  return { fakes, client, states, lines };
}

describe('hub client: starting and stopping', () => {
  it('goes Connecting then Connected, and stops through Disconnecting', async () => {
    const { client, states } = setup();
    expect(client.getState()).toBe('Disconnected');
    await client.start();
    expect(client.getState()).toBe('Connected');
    await client.stop();
    expect(states).toEqual(['Connecting', 'Connected', 'Disconnecting', 'Disconnected']);
    expect(client.wantsConnection()).toBe(false);
  });

  it('sets Disconnected and rethrows when the start fails, logging to the console only', async () => {
    const { client, states, lines } = setup({ nextStart: 'fail' });
    await expect(client.start()).rejects.toThrow('Failed to complete negotiation');
    expect(client.getState()).toBe('Disconnected');
    expect(states).toEqual(['Connecting', 'Disconnected']);
    expect(console.warn).toHaveBeenCalledWith(
      '[hub] Connection failed to start:',
      expect.any(Error),
    );
    expect(lines.at(-1)).toBe(
      '09:15:30 Connection failed to start: Failed to complete negotiation',
    );
  });

  it('shares one start between callers while connecting', async () => {
    const { fakes, client } = setup({ nextStart: 'hold' });
    const first = client.start();
    const second = client.start();
    fakes.latest.finishStart();
    await Promise.all([first, second]);
    expect(fakes.latest.startCalls).toBe(1);
  });

  it('ignores a late close of a connection disposed while it was starting', async () => {
    const { fakes, client } = setup({ nextStart: 'hold' });
    const abandoned = client.start();
    const old = fakes.latest;
    await client.dispose();
    await expect(abandoned).rejects.toThrow();
    const restarted = client.start();
    expect(fakes.built).toHaveLength(2);
    fakes.latest.finishStart();
    await restarted;
    old.close();
    expect(client.getState()).toBe('Connected');
  });
});

describe('hub client: invoking', () => {
  it("fails with 'Connection not initialized' when there is no connection", async () => {
    const { client } = setup();
    await expect(client.invoke('SubscribeToDevice', 12)).rejects.toThrow(NOT_INITIALIZED);
    await client.start();
    await client.dispose();
    await expect(client.invoke('SubscribeToDevice', 12)).rejects.toThrow(NOT_INITIALIZED);
  });

  it('connects first when invoked while disconnected', async () => {
    const { fakes, client } = setup();
    await client.start();
    await client.stop();
    await client.invoke('SubscribeToDevice', 12);
    expect(client.getState()).toBe('Connected');
    expect(fakes.latest.startCalls).toBe(2);
    expect(fakes.latest.invocations).toEqual([{ method: 'SubscribeToDevice', args: [12] }]);
  });

  it('waits for an automatic reconnect instead of starting a second connection', async () => {
    const { fakes, client } = setup();
    await client.start();
    fakes.latest.loseConnection();
    expect(client.getState()).toBe('Reconnecting');
    const invoked = client.invoke('UnsubscribeFromDevice', 3);
    expect(fakes.latest.invocations).toEqual([]);
    fakes.latest.reconnect();
    await invoked;
    expect(fakes.latest.invocations).toEqual([{ method: 'UnsubscribeFromDevice', args: [3] }]);
    expect(fakes.latest.startCalls).toBe(1);
  });

  it('rejects an invocation that waited for a reconnect which gave up', async () => {
    const { fakes, client } = setup();
    await client.start();
    fakes.latest.loseConnection();
    const invoked = client.invoke('SubscribeToDevice', 3);
    fakes.latest.close();
    await expect(invoked).rejects.toThrow('could not be re-established');
    expect(fakes.latest.invocations).toEqual([]);
  });

  it('logs and rethrows a failure the server reports', async () => {
    const { fakes, client, lines } = setup();
    await client.start();
    fakes.latest.answer = () => Promise.reject(new Error('Unknown device'));
    await expect(client.invoke('SubscribeToDevice', 99)).rejects.toThrow('Unknown device');
    expect(lines.at(-1)).toBe('09:15:30 SubscribeToDevice(99) failed: Unknown device');
  });
});

describe('hub client: automatic reconnect', () => {
  it('goes Reconnecting, then Connected again, or Disconnected when the policy gives up', async () => {
    const { fakes, client, states } = setup();
    await client.start();
    fakes.latest.loseConnection();
    fakes.latest.reconnect();
    fakes.latest.loseConnection();
    fakes.latest.close();
    expect(states).toEqual([
      'Connecting',
      'Connected',
      'Reconnecting',
      'Connected',
      'Reconnecting',
      'Disconnected',
    ]);
    // It gave up by itself: the connection is still wanted (revival may restart it).
    expect(client.wantsConnection()).toBe(true);
  });
});

describe('hub client: server events', () => {
  it('hands handlers the payload parsed with the contract', async () => {
    const { fakes, client } = setup();
    const received = vi.fn();
    client.on('AlertReceived', received);
    await client.start();
    fakes.latest.emit('AlertReceived', alertReceived('5', { state: 'open' }));
    expect(received).toHaveBeenCalledWith(
      expect.objectContaining({ id: 5, type: 'Abnormal', state: 'unresolved' }),
    );
  });

  it('drops a malformed payload with a warning; handlers and the page keep running', async () => {
    const { fakes, client } = setup();
    const received = vi.fn();
    const raw = vi.fn();
    client.on('AlertReceived', received);
    client.onAnyEvent(raw);
    await client.start();
    fakes.latest.emit('AlertReceived', { type: 'Abnormal', id: 'x' });
    fakes.latest.emit('AlertReceived', alertReceived(6));
    expect(received).toHaveBeenCalledTimes(1);
    expect(raw).toHaveBeenCalledTimes(2);
    expect(raw).toHaveBeenNthCalledWith(1, 'AlertReceived', { type: 'Abnormal', id: 'x' });
    expect(console.warn).toHaveBeenCalledWith(
      '[hub] Dropped a malformed AlertReceived payload:',
      expect.anything(),
    );
  });

  it('keeps other handlers running when one throws', async () => {
    const { fakes, client } = setup();
    const second = vi.fn();
    client.on('AlertReceived', () => {
      throw new Error('boom');
    });
    client.on('AlertReceived', second);
    await client.start();
    fakes.latest.emit('AlertReceived', alertReceived(7));
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('stops delivering after unsubscribing', async () => {
    const { fakes, client } = setup();
    const received = vi.fn();
    const unsubscribe = client.on('AlertReceived', received);
    await client.start();
    unsubscribe();
    fakes.latest.emit('AlertReceived', alertReceived(8));
    expect(received).not.toHaveBeenCalled();
  });

  it('logs that the initial data is pushed automatically on ConnectionInitialized', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { fakes, client, lines } = setup();
    await client.start();
    fakes.latest.emit('ConnectionInitialized', connectionInitialized());
    expect(info).toHaveBeenCalledWith(
      '[hub] Connection initialized: the initial data is pushed automatically',
    );
    expect(lines).toContain(
      '09:15:30 Connection initialized: the initial data is pushed automatically',
    );
  });
});
