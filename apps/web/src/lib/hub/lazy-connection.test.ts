import { describe, expect, it } from 'vitest';
import { FakeHubConnection } from '@/testing/hub/fake-hub-connection';
import { lazyConnection } from './lazy-connection';

function setup() {
  const fake = new FakeHubConnection();
  let loads = 0;
  let release: () => void = () => {};
  const loaded = new Promise<void>((resolve) => (release = resolve));
  const connection = lazyConnection(async () => {
    loads += 1;
    await loaded;
    return fake;
  });
  return { fake, connection, loads: () => loads, release };
}

describe('lazyConnection (the library fetched on first use)', () => {
  it('loads nothing until started, then starts the real connection once loaded', async () => {
    const { fake, connection, loads, release } = setup();
    expect(loads()).toBe(0);
    const started = connection.start();
    expect(loads()).toBe(1);
    expect(fake.startCalls).toBe(0);
    release();
    await started;
    expect(fake.startCalls).toBe(1);
    await connection.start();
    expect(loads()).toBe(1);
  });

  it('attaches the handlers registered before the library came in', async () => {
    const { fake, connection, release } = setup();
    const received: unknown[] = [];
    let closed = 0;
    connection.on('DeviceReading', (payload) => received.push(payload));
    connection.onclose(() => (closed += 1));
    release();
    await connection.start();
    const push = { deviceId: 7, time: '2026-05-04T06:30:00Z' };
    fake.emit('DeviceReading', push);
    await connection.stop();
    expect(received).toEqual([push]);
    expect(closed).toBe(1);
  });

  it('has nothing to stop before it was started', async () => {
    const { fake, connection, loads } = setup();
    await connection.stop();
    expect(loads()).toBe(0);
    expect(fake.stopCalls).toBe(0);
  });
});
