import fp from 'fastify-plugin';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { bearerToken } from '../http/token.ts';
import { routeLabel, scrapeTokenMatches, statusClass } from './http-labels.ts';
import { createInstruments, type Instruments } from './instruments.ts';
import { collectOutbox, createDbCollector } from './scrape-collectors.ts';

export interface MetricsPluginOptions {
  /** METRICS_TOKEN: when set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string | undefined;
}

export interface Metrics extends Instruments {
  /** This app's registry; never prom-client's global one, so apps in one process stay apart. */
  registry: Registry;
  /** Runs before each scrape: for values cheaper to read then than to keep up to date. */
  onScrape(collect: () => Promise<void> | void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
  interface FastifyRequest {
    /** process.hrtime.bigint() when the request arrived, for the latency histogram. */
    metricsStartedAt: bigint;
  }
}

export const METRICS_PATH = '/metrics';

/**
 * Prometheus metrics at GET /metrics (issue #8): HTTP latency per route
 * pattern, Node's default metrics (event-loop lag, heap, GC), and the
 * application's instruments, which the ingest, feed and hub plugins move.
 * Register it before the routes it should time, right after the database.
 */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app, options) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const instruments = createInstruments(registry);
    const collectors: (() => Promise<void> | void)[] = [];
    app.decorate('metrics', {
      ...instruments,
      registry,
      onScrape: (collect) => {
        collectors.push(collect);
      },
    } satisfies Metrics);

    app.metrics.onScrape(() => collectOutbox(app.db, instruments));
    app.metrics.onScrape(createDbCollector(app.db, instruments));

    app.decorateRequest('metricsStartedAt', 0n);
    app.addHook('onRequest', async (request) => {
      request.metricsStartedAt = process.hrtime.bigint();
    });
    app.addHook('onResponse', async (request, reply) => {
      const seconds = Number(process.hrtime.bigint() - request.metricsStartedAt) / 1e9;
      instruments.httpDuration.observe(
        {
          method: request.method,
          route: routeLabel(request.routeOptions.url),
          status_class: statusClass(reply.statusCode),
        },
        seconds,
      );
    });

    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (
        options.token &&
        !scrapeTokenMatches(options.token, bearerToken(request.headers.authorization))
      ) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .type('text/plain; charset=utf-8')
          .send('Send the METRICS_TOKEN as "Authorization: Bearer <token>".\n');
      }
      // One failing source (the database down) must not hide every other metric.
      const results = await Promise.allSettled(collectors.map((collect) => collect()));
      for (const result of results) {
        if (result.status === 'rejected') {
          request.log.warn({ err: result.reason }, 'metrics: a scrape-time value was not read');
        }
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);
