import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { MEMORY_DATA_DIR, parseConfig } from '../apps/server/src/platform/config.ts';
import type { BenchDb } from './backends.ts';
import { createBenchFactory, type BenchFactory } from './fixture.ts';
import { fillMinuteReadings } from './report-data.ts';
import { percentile } from './stats.ts';

const DAY = 86_400_000;

export interface ReportCallFigure {
  call: string;
  p50: number;
  p95: number;
  rows: number;
}

export interface ExportFigure {
  format: string;
  rows: number;
  seconds: number;
  megabytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

const taipei = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date(ms));

async function signIn(app: FastifyInstance, factory: BenchFactory): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/User/SignIn',
    payload: { email: factory.email, password: factory.password, action: '/User/SignIn' },
  });
  return (res.json() as { token: string }).token;
}

/** Downloads one export over real HTTP, discarding the bytes, sampling this process's RSS. */
async function measureExport(
  base: string,
  token: string,
  body: Record<string, unknown>,
  rows: number,
): Promise<ExportFigure> {
  global.gc?.();
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  const started = performance.now();
  let bytes = 0;
  try {
    const response = await fetch(`${base}/v1/Web/Factory/Channel/Report/Export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 200 || !response.body) {
      throw new Error(`export answered ${response.status}: ${await response.text()}`);
    }
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  } finally {
    clearInterval(timer);
  }
  return {
    format: String(body.format),
    rows,
    seconds: (performance.now() - started) / 1000,
    megabytes: bytes / 1e6,
    rssBeforeMb: rssBefore / 1e6,
    rssPeakMb: Math.max(peak, process.memoryUsage.rss()) / 1e6,
  };
}

/**
 * The Report page's calls (readings day vs month, energy month vs year) and
 * year-long CSV and .xlsx exports of a meter with four circuits and
 * one-minute readings, over real HTTP so the reply streams as in production.
 */
export async function benchReport(
  bench: BenchDb,
  iterations: number,
  days: number,
): Promise<{ calls: ReportCallFigure[]; exports: ExportFigure[]; readings: number }> {
  const now = Math.floor(Date.now() / DAY) * DAY - 8 * 3_600_000; // a Taipei midnight
  const factory = await createBenchFactory(bench.db, 'report', 1, 4);
  const readings = await fillMinuteReadings(bench.db, factory, now - days * DAY, now);
  const config = parseConfig({
    DATA_DIR: MEMORY_DATA_DIR,
    SIMULATOR: 'off',
    LOG_LEVEL: 'silent',
    SCRYPT_COST: '10',
    WEB_DIST_DIR: '/nonexistent/wattboard-web-dist',
  });
  const app = await buildApp(config, { db: bench.db, logger: false });
  try {
    const token = await signIn(app, factory);
    const meter = factory.meterIds[0]!;
    const lastDay = taipei(now - DAY);
    const monthStart = taipei(now - 30 * DAY);
    const yearStart = taipei(now - days * DAY);
    const calls = [
      { call: 'Report, day (all rows)', url: 'Report', body: { dtStart: lastDay, dtEnd: lastDay } },
      {
        call: 'Report, month (cap answer 201)',
        url: 'Report',
        body: { dtStart: monthStart, dtEnd: lastDay },
      },
      {
        call: 'Report, day, page of 1,000',
        url: 'Report',
        body: { dtStart: lastDay, dtEnd: lastDay, pageSize: 1000 },
      },
      {
        call: 'Report, month, page of 1,000',
        url: 'Report',
        body: { dtStart: monthStart, dtEnd: lastDay, pageSize: 1000 },
      },
      {
        call: 'Energy, day by hour',
        url: 'Energy',
        body: { dtStart: lastDay, dtEnd: lastDay, interval: 'hour' },
      },
      {
        call: 'Energy, month by day',
        url: 'Energy',
        body: { dtStart: monthStart, dtEnd: lastDay, interval: 'day' },
      },
      {
        call: 'Energy, year by day',
        url: 'Energy',
        body: { dtStart: yearStart, dtEnd: lastDay, interval: 'day' },
      },
    ];
    const figures: ReportCallFigure[] = [];
    for (const call of calls) {
      const samples: number[] = [];
      let rows = 0;
      for (let i = -2; i < iterations; i++) {
        const url = `/v1/Web/Factory/Channel/${call.url}`;
        const started = performance.now();
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${token}` },
          payload: {
            email: factory.email,
            action: url,
            factoryId: 0,
            smartmeterId: meter,
            ...call.body,
          },
        });
        const elapsed = performance.now() - started;
        const answer = res.json() as {
          statusCode: number;
          reportList?: unknown[];
          energyList?: unknown[];
        };
        if (res.statusCode !== 200) throw new Error(`${call.call}: ${res.body.slice(0, 300)}`);
        rows = (answer.reportList ?? answer.energyList ?? []).length;
        if (i >= 0) samples.push(elapsed);
      }
      figures.push({
        call: call.call,
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        rows,
      });
    }
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const year = {
      email: factory.email,
      action: '/v1/Web/Factory/Channel/Report/Export',
      factoryId: 0,
      smartmeterId: meter,
      dtStart: yearStart,
      dtEnd: lastDay,
    };
    const exports: ExportFigure[] = [];
    for (const format of ['csv', 'xlsx']) {
      exports.push(await measureExport(base, token, { ...year, format, lang: 'zh-TW' }, readings));
    }
    return { calls: figures, exports, readings };
  } finally {
    await app.close();
  }
}
