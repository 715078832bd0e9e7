// Hub budget (docs/product/budgets.md): an out-of-range reading ingested → AlertReceived in
// every connected client, p99 under 250 ms with 1,000 clients; and how many
// clients one server holds (memory per connection).
import { percentile } from './stats.ts';
import { connectClients, stopClients, waitForAlert, type BenchClient } from './hub-clients.ts';
import { startServerProcess, type ServerProcess } from './product-process.ts';

export interface HubFigures {
  clients: number;
  samples: number;
  p50: number;
  p99: number;
  /** The slowest client of each sample, p50 and p99 across samples. */
  lastClientP50: number;
  lastClientP99: number;
  /** When the ingest request itself answered (after store and rollups; alarms and the push follow it). */
  ingestAnsweredP50: number;
  capacity: { clients: number; failed: number; rssMb: number }[];
  baseRssMb: number;
}

async function api<T>(
  server: ServerProcess,
  path: string,
  body: object,
  token?: string,
  method = 'POST',
) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(
      token ? { email: server.tenant.email, token, action: path, ...body } : body,
    ),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function breach(serial: string, ts: Date, voltage: number) {
  const phase = { voltage, current: 10, kw: 2.2, pf: 0.95 };
  return {
    serial,
    ts: ts.toISOString(),
    phases: { a: phase, b: phase, c: phase },
    kwhForward: null,
  };
}

export async function benchHub(
  clientCount: number,
  samples: number,
  capacitySteps: readonly number[],
  env: Record<string, string> = {},
): Promise<HubFigures> {
  const server = await startServerProcess(env);
  const clients: BenchClient[] = [];
  try {
    const { tenant } = server;
    const signIn = await api<{ token: string }>(server, '/User/SignIn', {
      email: tenant.email,
      password: tenant.password,
      action: '/User/SignIn',
      token: '',
    });
    const token = signIn.token;
    await api(
      server,
      '/v1/Web/Setting/Alarm/Update',
      {
        deviceId: tenant.meterId,
        alarms: [{ target: 'voltage', isActivated: true, threshold: { low: null, high: 240 } }],
      },
      token,
    );
    const baseRssMb = await server.rssMb();

    const listeners = new Set<() => void>();
    const notify = () => listeners.forEach((l) => l());
    const subscribe = (l: () => void) => (listeners.add(l), () => listeners.delete(l));
    const connected = await connectClients(server.baseUrl, token, clientCount, notify);
    clients.push(...connected.clients);
    if (connected.failed > 0)
      throw new Error(`${connected.failed} clients failed: ${connected.firstError}`);

    const latencies: number[] = [];
    const slowest: number[] = [];
    const answered: number[] = [];
    for (let sample = 0; sample < samples; sample += 1) {
      const before = new Set(clients[0]!.alerts.keys());
      const newAlertId = () => [...clients[0]!.alerts.keys()].find((id) => !before.has(id));
      const sent = performance.now();
      await fetch(`${server.baseUrl}/v1/Ingest/Readings`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${tenant.gatewayKey}`,
        },
        body: JSON.stringify({
          readings: [breach(tenant.meterSerial, new Date(Date.now() - 1000), 250 + sample)],
        }),
      });
      answered.push(performance.now() - sent);
      await waitForAlert(clients, newAlertId, subscribe);
      const id = newAlertId()!;
      const arrivals = clients.map((c) => c.alerts.get(id)! - sent);
      latencies.push(...arrivals);
      slowest.push(Math.max(...arrivals));
      // Clear it, so the next breach opens a new event (and a new AlertReceived).
      await api(server, `/v1/Event/${id}/resolve`, {}, token, 'PUT');
    }

    const capacity: HubFigures['capacity'] = [];
    for (const target of capacitySteps) {
      const more = await connectClients(server.baseUrl, token, target - clients.length, () => {});
      clients.push(...more.clients);
      capacity.push({ clients: clients.length, failed: more.failed, rssMb: await server.rssMb() });
      if (more.failed > 0) break;
    }
    return {
      clients: clientCount,
      samples,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      lastClientP50: percentile(slowest, 50),
      lastClientP99: percentile(slowest, 99),
      ingestAnsweredP50: percentile(answered, 50),
      capacity,
      baseRssMb,
    };
  } finally {
    await stopClients(clients);
    await server.stop();
  }
}
