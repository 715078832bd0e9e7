// The `dashboard` part of `npm run bench` (also `node bench/dashboard-throughput.ts` alone):
// dashboard requests/s one server instance answers at 1, 4 and 16 concurrent clients, with p50
// and p99 latency (docs/scaling.md, section 5). The product runs in its own process on the
// embedded database, or on a fresh database of the PostgreSQL server given. Its meter gets a year
// of history (BENCH_HISTORY_DAYS, 15-minute readings) and then a day of one-minute readings; the
// clients alternate Monitor/Device and Power/Detail at 15 minutes over that day. Then the floor:
// the same calls' statements replayed straight against the database at the same concurrency
// (bench/dashboard-floor.ts). The clients share the machine, so the figures are a lower bound.
// Not a test: it prints.
import { readFileSync } from 'node:fs';
import { startServerProcess, type ServerProcess } from './product-process.ts';
import { seedHistory } from './dashboard-history.ts';
import { captureStatements, replayPerSecond, type FloorCall } from './dashboard-floor.ts';
import { openPgliteDb } from '../apps/server/src/platform/db/pglite.ts';
import { openPostgresDb } from '../apps/server/src/platform/db/postgres.ts';
import { percentile } from './stats.ts';
import { freshPostgresDatabase } from './backends.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const historyDays = Number(process.env.BENCH_HISTORY_DAYS ?? 365);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

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

/** Starts the product on PGlite, or on a fresh database of `postgresServerUrl`, and prints. */
export async function reportDashboard(postgresServerUrl?: string): Promise<void> {
  const database = postgresServerUrl
    ? await freshPostgresDatabase(postgresServerUrl, 'wattboard_dashboard')
    : null;
  try {
    await measure(database?.url);
  } finally {
    await database?.drop();
  }
}

async function measure(databaseUrl: string | undefined): Promise<void> {
  const server = await startServerProcess(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  try {
    const { tenant } = server;
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
    const seeded = performance.now();
    const [chartPath, chartBody] = calls[1]!;
    await seedHistory(server, historyDays, async () =>
      JSON.stringify(
        (await post<{ energyChart: unknown }>(server, chartPath, chartBody, token)).energyChart,
      ),
    );
    const seedSeconds = (performance.now() - seeded) / 1000;

    const where = databaseUrl ? 'PostgreSQL' : 'PGlite';
    console.log(
      `\n## ${where}: dashboard requests/s, ${seconds} s each ` +
        `(${historyDays} days of history seeded in ${seedSeconds.toFixed(0)} s; goals at 16 ` +
        `clients: ${databaseUrl ? '1,000' : '600'} requests/s, p99 < 100 ms)`,
    );
    for (const concurrency of [1, 4, 16]) {
      const latencies: number[] = [];
      const until = Date.now() + seconds * 1000;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async (_, worker) => {
          for (let i = worker; Date.now() < until; i += 1) {
            const [path, body] = calls[i % calls.length]!;
            const sent = performance.now();
            await post(server, path, body, token);
            latencies.push(performance.now() - sent);
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      console.log(
        `concurrency ${concurrency}: ${(latencies.length / elapsed).toFixed(1)} requests/s, ` +
          `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms ` +
          `(load ${load()})`,
      );
    }

    // The floor: on PGlite the database can be opened only once the server has let go of it.
    if (!databaseUrl) await server.halt();
    const db = databaseUrl
      ? await openPostgresDb(databaseUrl)
      : await openPgliteDb(`${server.dataDir}/db`);
    try {
      const [factory] = await db.query<{ factoryId: number; timeZone: string }>(
        `SELECT f.id AS "factoryId", f.time_zone AS "timeZone"
         FROM nodes n JOIN factories f ON f.id = n.factory_id WHERE n.id = $1`,
        [tenant.meterId],
      );
      const floorCalls: FloorCall[] = [
        { kind: 'device', deviceId: tenant.meterId, timeRange },
        { kind: 'chart', deviceId: tenant.meterId, timeRange },
      ];
      const captured = await captureStatements(
        db,
        token,
        factory!.factoryId,
        factory!.timeZone,
        floorCalls,
      );
      const counts = captured.map((statements) => statements.length).join(' and ');
      console.log(`floor: the calls' ${counts} statements straight against ${where}`);
      for (const concurrency of [1, 4, 16]) {
        const perSecond = await replayPerSecond(db, captured, concurrency, seconds);
        console.log(`concurrency ${concurrency}: ${perSecond.toFixed(1)} calls/s (load ${load()})`);
      }
    } finally {
      await db.close();
    }
  } finally {
    await server.stop();
  }
}

if (import.meta.main) await reportDashboard(process.env.BENCH_DATABASE_URL);
