import {
  HubConnectionBuilder,
  HttpTransportType,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';

/** One real @microsoft/signalr client, recording when each alert arrived. */
export interface BenchClient {
  connection: HubConnection;
  /** Alert id → arrival, epoch ms (performance.timeOrigin + now(): comparable across processes). */
  alerts: Map<string, number>;
}

/** Epoch milliseconds with sub-millisecond resolution, comparable between processes on one machine. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}

/** Connects `count` clients, `concurrency` at a time; resolves with those that connected. */
export async function connectClients(
  baseUrl: string,
  token: string,
  count: number,
  onAlert: (alertId: string) => void,
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
          // Straight to the WebSocket, as the server allows: the negotiate POST is ordinary
          // HTTP (not what is measured), and its keep-alive sockets would take descriptors
          // from the server's room for hub connections.
          skipNegotiation: true,
        })
        .configureLogging(LogLevel.None)
        .build();
      const client: BenchClient = { connection, alerts: new Map() };
      connection.on('AlertReceived', (payload: { id: number | string }) => {
        client.alerts.set(String(payload.id), epochNow());
        onAlert(String(payload.id));
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

export async function stopClients(clients: readonly BenchClient[]): Promise<void> {
  await Promise.all(clients.map((c) => c.connection.stop().catch(() => undefined)));
}
