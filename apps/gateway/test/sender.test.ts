import { afterEach, describe, expect, it } from 'vitest';
import { ReadingQueue } from '../src/queue/queue.ts';
import { Sender } from '../src/queue/sender.ts';
import { startIngestServer } from './helpers/ingest-server.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const reading = (i: number) =>
  JSON.stringify({
    serial: 'WB-M01',
    ts: new Date(Date.UTC(2026, 10, 28, 0, 0, i)).toISOString(),
    phases: { value: { voltage: 230, current: 1, kw: 0.23 } },
    kwhForward: 1000 + i,
  });

async function setup(batchSize: number) {
  const server = await startIngestServer('key-1');
  const queue = new ReadingQueue({ file: ':memory:', maxRows: 10_000 });
  const logs: string[] = [];
  const sender = new Sender(queue, {
    serverUrl: server.url,
    gatewayKey: 'key-1',
    batchSize,
    initialBackoffMs: 20,
    maxBackoffMs: 80,
    requestTimeoutMs: 2000,
    log: (m) => logs.push(m),
  });
  cleanups.push(
    server.close,
    () => queue.close(),
    () => sender.stop(),
  );
  return { server, queue, sender, logs };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('store and forward', () => {
  it('keeps everything while the server refuses, then delivers each reading once, in order', async () => {
    const { server, queue, sender, logs } = await setup(7);
    sender.start();
    // Polls keep arriving while the server is down.
    for (let i = 0; i < 30; i++) queue.push([reading(i)]);
    await until(() => server.state.refusedRequests >= 4);
    expect(queue.size()).toBe(30);
    expect(logs.some((m) => /HTTP 503/.test(m))).toBe(true);
    server.state.down = false;
    for (let i = 30; i < 45; i++) queue.push([reading(i)]);
    await until(() => queue.size() === 0);
    const stored = server.state.stored.map((r) => r.kwhForward);
    expect(stored).toEqual(Array.from({ length: 45 }, (_, i) => 1000 + i));
    expect(server.state.duplicates).toBe(0);
    expect(sender.stats.acknowledged).toBe(45);
  });

  it('backs off while the server is down: doubling waits up to the maximum', async () => {
    const { server, queue, sender } = await setup(10);
    queue.push([reading(0)]);
    const times: number[] = [];
    const original = sender.sendOnce.bind(sender);
    sender.sendOnce = async () => {
      times.push(Date.now());
      return original();
    };
    sender.start();
    await until(() => times.length >= 5);
    await sender.stop();
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // 20, 40, 80, 80 ms (+ request time): never faster than the backoff, capped at the maximum.
    expect(gaps[0]).toBeGreaterThanOrEqual(19);
    expect(gaps[1]).toBeGreaterThanOrEqual(39);
    expect(gaps[2]).toBeGreaterThanOrEqual(79);
    expect(gaps[3]).toBeGreaterThanOrEqual(79);
    expect(gaps[3]).toBeLessThan(300);
    expect(queue.size()).toBe(1);
    expect(server.state.stored).toEqual([]);
  });

  it('a wrong key is refused (401) and nothing leaves the queue', async () => {
    const { server, queue } = await setup(10);
    server.state.down = false;
    queue.push([reading(0)]);
    const wrong = new Sender(queue, {
      serverUrl: server.url,
      gatewayKey: 'nope',
      batchSize: 10,
      initialBackoffMs: 10,
      maxBackoffMs: 10,
      requestTimeoutMs: 1000,
      log: () => undefined,
    });
    expect(await wrong.sendOnce()).toBe('failed');
    expect(queue.size()).toBe(1);
  });

  it('an unreachable server is a failure, not a crash', async () => {
    const queue = new ReadingQueue({ file: ':memory:', maxRows: 10 });
    cleanups.push(() => queue.close());
    queue.push([reading(0)]);
    const sender = new Sender(queue, {
      serverUrl: 'http://127.0.0.1:9',
      gatewayKey: 'k',
      batchSize: 10,
      initialBackoffMs: 10,
      maxBackoffMs: 10,
      requestTimeoutMs: 1000,
      log: () => undefined,
    });
    expect(await sender.sendOnce()).toBe('failed');
    expect(queue.size()).toBe(1);
  });
});
