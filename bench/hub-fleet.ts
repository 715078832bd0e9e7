// The bench's hub clients, spread over several child processes (bench/hub-client-worker.ts).
import { fork, type ChildProcess } from 'node:child_process';

export type FleetOrder =
  | { kind: 'connect'; baseUrl: string; token: string; count: number }
  /** Reply 'armed', then 'arrivals' once every client has the next new alert. */
  | { kind: 'arm'; timeoutMs: number }
  | { kind: 'stop' };

export type FleetReply =
  | { kind: 'connected'; connected: number; failed: number; firstError?: string }
  | { kind: 'armed' }
  | { kind: 'arrivals'; alertId?: string; arrivals?: number[]; error?: string };

const workerPath = new URL('./hub-client-worker.ts', import.meta.url);

function ask<K extends FleetReply['kind']>(
  child: ChildProcess,
  order: FleetOrder,
  kind: K,
): Promise<Extract<FleetReply, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FleetReply) => {
      if (message.kind !== kind) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<FleetReply, { kind: K }>);
    };
    const onExit = (code: number | null) =>
      reject(new Error(`hub client process exited (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(order);
  });
}

export interface HubFleet {
  /** Adds `count` clients, split evenly over the processes. */
  connect(count: number): Promise<{ failed: number; firstError?: string }>;
  /**
   * Arms every process for the next new alert, runs `trigger`, and resolves with every
   * client's arrival time (epoch ms).
   */
  nextAlert(
    trigger: () => Promise<void>,
    timeoutMs?: number,
  ): Promise<{ alertId: string; arrivals: number[] }>;
  size(): number;
  stop(): Promise<void>;
}

export function startFleet(baseUrl: string, token: string, processes: number): HubFleet {
  const children = Array.from({ length: processes }, () =>
    fork(workerPath, [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }),
  );
  let size = 0;
  return {
    async connect(count) {
      const shares = children.map((_, i) => Math.floor((count + i) / processes));
      const replies = await Promise.all(
        children.map((child, i) =>
          ask(child, { kind: 'connect', baseUrl, token, count: shares[i]! }, 'connected'),
        ),
      );
      size += replies.reduce((sum, r) => sum + r.connected, 0);
      const failed = replies.reduce((sum, r) => sum + r.failed, 0);
      const firstError = replies.find((r) => r.firstError)?.firstError;
      return { failed, ...(firstError ? { firstError } : {}) };
    },
    async nextAlert(trigger, timeoutMs = 15_000) {
      const results = children.map(
        (child) =>
          new Promise<FleetReply & { kind: 'arrivals' }>((resolve) => {
            const onMessage = (message: FleetReply) => {
              if (message.kind !== 'arrivals') return;
              child.off('message', onMessage);
              resolve(message);
            };
            child.on('message', onMessage);
          }),
      );
      await Promise.all(children.map((child) => ask(child, { kind: 'arm', timeoutMs }, 'armed')));
      await trigger();
      const replies = await Promise.all(results);
      const failure = replies.find((r) => r.error);
      if (failure) throw new Error(failure.error);
      return { alertId: replies[0]!.alertId!, arrivals: replies.flatMap((r) => r.arrivals ?? []) };
    },
    size: () => size,
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
              child.once('exit', () => (clearTimeout(timer), resolve()));
              child.send({ kind: 'stop' } satisfies FleetOrder);
            }),
        ),
      );
    },
  };
}
