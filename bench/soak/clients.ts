// 300 real @microsoft/signalr clients that reconnect for ever (through the
// balancer, so to whichever instance is up) and remember when they first
// learned of each alert: pushed live, or in the list an (re)connect brings.
import {
  HubConnectionBuilder,
  HttpTransportType,
  HubConnectionState,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';

export interface SoakClient {
  connection: HubConnection;
  /** Alert id → Date.now() when this client first had it. */
  seen: Map<number, number>;
  reconnects: number;
}

const forever = { nextRetryDelayInMilliseconds: () => 1000 + Math.random() * 1000 };

function build(baseUrl: string, token: string): SoakClient {
  const connection = new HubConnectionBuilder()
    .withUrl(`${baseUrl}/notificationHub`, {
      accessTokenFactory: () => token,
      transport: HttpTransportType.WebSockets,
    })
    .withAutomaticReconnect(forever)
    .configureLogging(LogLevel.None)
    .build();
  // A server that never answers pings (killed, or its host gone) is noticed in 15 s.
  connection.serverTimeoutInMilliseconds = 15_000;
  const client: SoakClient = { connection, seen: new Map(), reconnects: 0 };
  const see = (id: number | string) => {
    const key = Number(id);
    if (!client.seen.has(key)) client.seen.set(key, Date.now());
  };
  connection.on('AlertReceived', (payload: { id: number | string }) => see(payload.id));
  // A list (on connect, and after a change) or a single alert (contract notificationReceivedPayload).
  connection.on(
    'NotificationReceived',
    (payload: { type: string; id?: number; data?: { alertList?: { id: number }[] } }) => {
      if (payload.type === 'list') payload.data?.alertList?.forEach((item) => see(item.id));
      else if (payload.type === 'Abnormal' && payload.id !== undefined) see(payload.id);
    },
  );
  connection.onreconnected(() => (client.reconnects += 1));
  // The automatic policy never gives up, but a start that failed outright is retried here too.
  connection.onclose(() => {
    if (!stopping.has(connection)) setTimeout(() => void startLoop(connection), 1000);
  });
  return client;
}

const stopping = new WeakSet<HubConnection>();

async function startLoop(connection: HubConnection): Promise<void> {
  while (!stopping.has(connection) && connection.state === HubConnectionState.Disconnected) {
    try {
      await connection.start();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

export async function connectSoakClients(
  baseUrl: string,
  token: string,
  count: number,
  concurrency = 25,
): Promise<SoakClient[]> {
  const clients: SoakClient[] = [];
  for (let start = 0; start < count; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - start) }, () =>
      build(baseUrl, token),
    );
    await Promise.all(batch.map((client) => startLoop(client.connection)));
    clients.push(...batch);
  }
  return clients;
}

export const connectedCount = (clients: readonly SoakClient[]) =>
  clients.filter((c) => c.connection.state === HubConnectionState.Connected).length;

export async function stopSoakClients(clients: readonly SoakClient[]): Promise<void> {
  await Promise.all(
    clients.map((c) => {
      stopping.add(c.connection);
      return c.connection.stop().catch(() => undefined);
    }),
  );
}
