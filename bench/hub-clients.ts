import {
  HubConnectionBuilder,
  HttpTransportType,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';

/** One real @microsoft/signalr client, recording when each alert arrived. */
export interface BenchClient {
  connection: HubConnection;
  /** Alert id → performance.now() of arrival. */
  alerts: Map<string, number>;
}

export type AlertWaiter = (alertId: string, clients: readonly BenchClient[]) => Promise<void>;

/** Connects `count` clients, `concurrency` at a time; resolves with those that connected. */
export async function connectClients(
  baseUrl: string,
  token: string,
  count: number,
  onAlert: () => void,
  concurrency = 50,
): Promise<{ clients: BenchClient[]; failed: number; firstError?: string }> {
  const clients: BenchClient[] = [];
  let failed = 0;
  let firstError: string | undefined;
  for (let start = 0; start < count; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - start) }, async () => {
      const connection = new HubConnectionBuilder()
        .withUrl(`${baseUrl}/notificationHub`, {
          accessTokenFactory: () => token,
          transport: HttpTransportType.WebSockets,
        })
        .configureLogging(LogLevel.None)
        .build();
      const client: BenchClient = { connection, alerts: new Map() };
      connection.on('AlertReceived', (payload: { id: number | string }) => {
        client.alerts.set(String(payload.id), performance.now());
        onAlert();
      });
      try {
        await connection.start();
        clients.push(client);
      } catch (error) {
        failed += 1;
        firstError ??= (error as Error).message;
      }
    });
    await Promise.all(batch);
  }
  return { clients, failed, ...(firstError ? { firstError } : {}) };
}

/** Resolves once every client has the alert, or rejects after `timeoutMs`. */
export function waitForAlert(
  clients: readonly BenchClient[],
  alertId: () => string | undefined,
  subscribe: (listener: () => void) => () => void,
  timeoutMs = 15_000,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const id = alertId();
      if (id !== undefined && clients.every((c) => c.alerts.has(id))) {
        cleanup();
        resolve();
      }
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`not every client got the alert within ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = subscribe(check);
    const cleanup = () => {
      clearTimeout(timer);
      unsubscribe();
    };
    check();
  });
}

export async function stopClients(clients: readonly BenchClient[]): Promise<void> {
  await Promise.all(clients.map((c) => c.connection.stop().catch(() => undefined)));
}
