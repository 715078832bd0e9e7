// Hub budget (docs/product/budgets.md, issue #29): an out-of-range reading ingested →
// AlertReceived in every connected client, p99 under 100 ms with 5,000 clients; and
// 20,000 connections on one server at under 15 KB each.
import { readdir, readFile } from 'node:fs/promises';
import { percentile } from './stats.ts';
import { epochNow } from './hub-clients.ts';
import { startFleet, type HubFleet } from './hub-fleet.ts';
import { startServerProcess, type ServerProcess } from './product-process.ts';

export interface HubCapacityStep {
  clients: number;
  failed: number;
  rssMb: number;
  /** The server's V8 heap in use (its /metrics), MB. */
  heapMb: number;
}

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
  capacity: HubCapacityStep[];
  base: { rssMb: number; heapMb: number };
  /** The most connections this machine lets the server open (its descriptor limit less those in use). */
  fdRoom: number;
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

async function heapMb(server: ServerProcess): Promise<number> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  return Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(text)?.[1]) / 1048576;
}

/** Descriptors the server may still open: its soft limit less those open now, less a margin. */
async function fdRoom(pid: number): Promise<number> {
  const limits = await readFile(`/proc/${pid}/limits`, 'utf8');
  const soft = Number(/Max open files\s+(\d+)/.exec(limits)?.[1] ?? Number.POSITIVE_INFINITY);
  return soft - (await readdir(`/proc/${pid}/fd`)).length - 64;
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function measureStep(server: ServerProcess, fleet: HubFleet, failed: number) {
  // Let the handshakes' garbage go before reading memory.
  await settle(3000);
  return {
    clients: fleet.size(),
    failed,
    rssMb: await server.rssMb(),
    heapMb: await heapMb(server),
  };
}

export async function benchHub(
  clientCount: number,
  samples: number,
  capacitySteps: readonly number[],
  env: Record<string, string> = {},
  processes = 4,
): Promise<HubFigures> {
  const server = await startServerProcess(env);
  let fleet: HubFleet | undefined;
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
    await settle(2000);
    const base = { rssMb: await server.rssMb(), heapMb: await heapMb(server) };
    const room = await fdRoom(server.pid);

    fleet = startFleet(server.baseUrl, token, processes);
    const connected = await fleet.connect(clientCount);
    if (connected.failed > 0)
      throw new Error(`${connected.failed} clients failed: ${connected.firstError}`);
    const capacity = [await measureStep(server, fleet, 0)];

    const latencies: number[] = [];
    const slowest: number[] = [];
    const answered: number[] = [];
    for (let sample = 0; sample < samples; sample += 1) {
      let sent = 0;
      const alert = await fleet.nextAlert(async () => {
        sent = epochNow();
        const res = await fetch(`${server.baseUrl}/v1/Ingest/Readings`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tenant.gatewayKey}`,
          },
          body: JSON.stringify({
            readings: [breach(tenant.meterSerial, new Date(Date.now() - 1000), 250 + sample)],
          }),
        });
        answered.push(epochNow() - sent);
        await res.arrayBuffer();
      });
      const delays = alert.arrivals.map((at) => at - sent);
      latencies.push(...delays);
      slowest.push(Math.max(...delays));
      // Clear it, so the next breach opens a new event (and a new AlertReceived).
      await api(server, `/v1/Event/${alert.alertId}/resolve`, {}, token, 'PUT');
      // The resolve pushes the refreshed lists to every client (a larger fan-out than the
      // alert's, ~0.3–1 s on the loaded 2-core machine): let it finish before the next alert.
      await settle(1500);
    }

    for (const wanted of capacitySteps) {
      const target = Math.min(wanted, room);
      if (target <= fleet.size()) continue;
      try {
        const more = await fleet.connect(target - fleet.size());
        capacity.push(await measureStep(server, fleet, more.failed));
        if (more.failed > 0) break;
      } catch (error) {
        // Keep what was measured: the latency and the steps before.
        console.log(`capacity step ${wanted}: ${String(error)}`);
        break;
      }
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
      base,
      fdRoom: room,
    };
  } finally {
    await fleet?.stop();
    await server.stop();
  }
}
