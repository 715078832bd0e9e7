import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { MEMORY_DATA_DIR, parseConfig } from '../apps/server/src/platform/config.ts';
import { ingestReadings } from '../apps/server/src/modules/ingest/ingest-readings.ts';
import type { BenchDb } from './backends.ts';
import { createBenchFactory, wireReadings, type BenchFactory } from './fixture.ts';
import { percentile } from './stats.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface CallFigures {
  call: string;
  week: { p50: number; p95: number };
  year: { p50: number; p95: number };
}

/** History: hourly readings for `days`, then 1-minute readings for the last two days. */
async function fillHistory(db: BenchDb['db'], factory: BenchFactory, days: number, now: number) {
  const counters = new Map<number, number>();
  const fineFrom = now - 2 * DAY;
  const coarse = wireReadings(factory.metered, now - days * DAY, fineFrom, HOUR, counters);
  const fine = wireReadings(factory.metered, fineFrom, now, MINUTE, counters);
  const rows = [...coarse, ...fine];
  for (let i = 0; i < rows.length; i += 2000) {
    await ingestReadings(db, factory.factoryId, rows.slice(i, i + 2000));
  }
  return rows.length;
}

function taipeiDate(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date(ms));
}

async function token(app: FastifyInstance, factory: BenchFactory): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/User/SignIn',
    payload: {
      email: factory.email,
      password: factory.password,
      action: '/User/SignIn',
      token: '',
    },
  });
  return (res.json() as { token: string }).token;
}

/**
 * p50/p95 of each monitor call for a factory with a week of history and one
 * with a year, asking both the same question (the last seven days), in
 * alternation so that machine noise falls on both alike.
 */
export async function benchCalls(
  bench: BenchDb,
  iterations: number,
): Promise<{ figures: CallFigures[]; readings: number }> {
  const now = Math.floor(Date.now() / MINUTE) * MINUTE;
  const week = await createBenchFactory(bench.db, 'history-week', 2, 2);
  const year = await createBenchFactory(bench.db, 'history-year', 2, 2);
  const readings =
    (await fillHistory(bench.db, week, 7, now)) + (await fillHistory(bench.db, year, 365, now));

  const config = parseConfig({
    DATA_DIR: MEMORY_DATA_DIR,
    SIMULATOR: 'off',
    LOG_LEVEL: 'silent',
    SCRYPT_COST: '10',
    WEB_DIST_DIR: '/nonexistent/wattboard-web-dist',
  });
  const app = await buildApp(config, { db: bench.db, logger: false });
  try {
    const tokens = { week: await token(app, week), year: await token(app, year) };
    const today = taipeiDate(now);
    const weekAgo = taipeiDate(now - 6 * DAY);
    const range = { start: weekAgo, end: today };
    const calls: {
      call: string;
      url: string;
      body: (f: BenchFactory) => Record<string, unknown>;
    }[] = [
      {
        call: 'Monitor/Device (7 days)',
        url: '/v1/Web/Monitor/Device',
        body: (f) => ({ deviceId: f.rootId, timeRange: range }),
      },
      {
        call: 'Power/Detail 60 min (7 days)',
        url: '/v1/Web/Monitor/Device/Power/Detail',
        body: (f) => ({ deviceId: f.rootId, timeRange: range, resolution: 60 }),
      },
      {
        call: 'Power/Detail 15 min (7 days)',
        url: '/v1/Web/Monitor/Device/Power/Detail',
        body: (f) => ({ deviceId: f.rootId, timeRange: range, resolution: 15 }),
      },
      {
        call: 'Power/Detail 5 min (today)',
        url: '/v1/Web/Monitor/Device/Power/Detail',
        body: (f) => ({
          deviceId: f.meterIds[0],
          timeRange: { start: today, end: today },
          resolution: 5,
        }),
      },
      {
        call: 'ConsumptionQuery (7 days, 08–18, Mon–Fri)',
        url: '/v1/Web/Monitor/Device/ConsumptionQuery',
        body: (f) => ({
          deviceId: f.rootId,
          segmentInfo: {
            dateRange: { startDate: weekAgo, endDate: today },
            timeRange: { startTime: '08:00', endTime: '18:00' },
            weekdays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'],
          },
        }),
      },
    ];
    const figures: CallFigures[] = [];
    for (const call of calls) {
      const samples = { week: [] as number[], year: [] as number[] };
      for (let i = -5; i < iterations; i++) {
        for (const key of ['week', 'year'] as const) {
          const factory = key === 'week' ? week : year;
          const started = performance.now();
          const res = await app.inject({
            method: 'POST',
            url: call.url,
            headers: { authorization: `Bearer ${tokens[key]}` },
            payload: {
              email: factory.email,
              action: call.url,
              factoryId: 0,
              ...call.body(factory),
            },
          });
          const elapsed = performance.now() - started;
          const status = (res.json() as { statusCode: number }).statusCode;
          if (res.statusCode !== 200 || status !== 200) {
            throw new Error(
              `${call.call} answered ${res.statusCode}/${status}: ${res.body.slice(0, 300)}`,
            );
          }
          if (i >= 0) samples[key].push(elapsed);
        }
      }
      figures.push({
        call: call.call,
        week: { p50: percentile(samples.week, 50), p95: percentile(samples.week, 95) },
        year: { p50: percentile(samples.year, 50), p95: percentile(samples.year, 95) },
      });
    }
    return { figures, readings };
  } finally {
    await app.close();
  }
}
