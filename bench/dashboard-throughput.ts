// `node bench/dashboard-throughput.ts`: dashboard requests/s one server instance answers at
// 1, 4 and 16 concurrent clients (docs/scaling.md, section 5). The product runs in its own process on
// the embedded database, or on PostgreSQL with BENCH_DATABASE_URL (an empty database: the bench
// tenant is added to it). Its meter gets a day of one-minute readings; the clients alternate
// Monitor/Device and Power/Detail at 15 minutes over that day. The clients share the machine,
// so the figures are a lower bound. Not a test: it prints.
import { readFileSync } from 'node:fs';
import { startServerProcess, type ServerProcess } from './product-process.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const server = await startServerProcess(databaseUrl ? { DATABASE_URL: databaseUrl } : {});

async function post<T>(s: ServerProcess, path: string, body: object, token?: string): Promise<T> {
  const res = await fetch(s.baseUrl + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(token ? { email: s.tenant.email, token, action: path, ...body } : body),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

try {
  const { tenant } = server;
  const start = Math.floor(Date.now() / 60_000) * 60_000 - 24 * 3600_000;
  const phase = { voltage: 220, current: 10, kw: 2.2, pf: 0.95 };
  for (let b = 0; b < 1440; b += 480) {
    const readings = Array.from({ length: 480 }, (_, i) => ({
      serial: tenant.meterSerial,
      ts: new Date(start + (b + i) * 60_000).toISOString(),
      phases: { a: phase, b: phase, c: phase },
      kwhForward: 1000 + (b + i) * 0.1,
      kwhReverse: 0,
    }));
    const res = await fetch(`${server.baseUrl}/v1/Ingest/Readings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tenant.gatewayKey}` },
      body: JSON.stringify({ readings }),
    });
    if (!res.ok) throw new Error(`ingest: HTTP ${res.status} ${await res.text()}`);
  }
  const { token } = await post<{ token: string }>(server, '/User/SignIn', {
    email: tenant.email,
    password: tenant.password,
    action: '/User/SignIn',
    token: '',
  });
  // Factory-local (Asia/Taipei) dates: yesterday and today.
  const taipei = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
  const timeRange = { start: taipei(Date.now() - 86_400_000), end: taipei(Date.now()) };
  const calls: [string, object][] = [
    ['/v1/Web/Monitor/Device', { deviceId: tenant.meterId, timeRange }],
    [
      '/v1/Web/Monitor/Device/Power/Detail',
      { deviceId: tenant.meterId, timeRange, resolution: 15 },
    ],
  ];
  for (const [path, body] of calls) await post(server, path, body, token);

  console.log(
    `## ${databaseUrl ? 'PostgreSQL' : 'PGlite'}: dashboard requests/s, ${seconds} s each`,
  );
  for (const concurrency of [1, 4, 16]) {
    let done = 0;
    const until = Date.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async (_, worker) => {
        for (let i = worker; Date.now() < until; i += 1) {
          const [path, body] = calls[i % calls.length]!;
          await post(server, path, body, token);
          done += 1;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(
      `concurrency ${concurrency}: ${(done / elapsed).toFixed(1)} requests/s (load ${load})`,
    );
  }
} finally {
  await server.stop();
}
