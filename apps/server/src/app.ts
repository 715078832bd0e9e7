import { hostname } from 'node:os';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { mqttIngestClientId, type Config } from './config.ts';
import type { Db } from './db/db.ts';
import { contractSerializerCompiler } from './serializer.ts';
import { loggerOptions, resolvePrettyTransport } from './logger.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { noStorePlugin } from './plugins/no-store.ts';
import { securityPlugin } from './plugins/security.ts';
import { compressPlugin } from './plugins/compress.ts';
import { dbPlugin } from './plugins/db.ts';
import { rollupWorkerPlugin } from './plugins/rollup-worker.ts';
import { authPlugin } from './plugins/auth.ts';
import { apiDocsPlugin } from './plugins/api-docs.ts';
import { staticClientPlugin } from './plugins/static-client.ts';
import { healthRoutes } from './routes/health.ts';
import { userRoutes } from './routes/user.ts';
import { channelRoutes } from './routes/channel.ts';
import { ingestRoutes } from './routes/ingest.ts';
import { monitorRoutes } from './routes/monitor.ts';
import { reportRoutes } from './routes/report.ts';
import { overviewRoutes } from './routes/overview.ts';
import { costRoutes } from './routes/cost.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { mqttIngestPlugin } from './ingest/mqtt-plugin.ts';
import { simulatorPlugin } from './simulator/plugin.ts';
import { retentionPlugin } from './plugins/retention.ts';
import { readingsFeedPlugin, type ReadingsFeedOptions } from './plugins/readings-feed.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { ingestPlugin } from './ingest/ingest-plugin.ts';
import { mailPlugin } from './mail/plugin.ts';
import { emailReceiverRoutes } from './routes/email-receivers.ts';
import { announcementRoutes } from './routes/announcement.ts';
import { devEmailRoutes } from './routes/dev-email.ts';
import { alarmsPlugin } from './alarms/plugin.ts';
import { hubPlugin } from './hub/plugin.ts';
import { controlPlugin } from './control/plugin.ts';
import { demandRoutes } from './routes/demand.ts';
import { demandDevRoutes } from './demand/dev-routes.ts';
import { scheduledReportsPlugin } from './scheduled-reports/plugin.ts';

/** Requests larger than this are refused with 413 (the ingest route allows more for meter batches). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  /** Use this database instead of opening one from config (tests); the caller closes it. */
  db?: Db;
  /** Pino logger options instead of the default (loggerOptions: redacted, pretty on a terminal). */
  logger?: boolean | Record<string, unknown>;
  /** Readings-feed retry timing (tests run retries on a fake scheduler). */
  readingsFeed?: ReadingsFeedOptions;
  /** The default logger, writing JSON lines here instead of stdout (tests read what is logged). */
  logStream?: { write(line: string): void };
}

function defaultLogger(config: Config, stream: BuildAppOptions['logStream']) {
  if (stream) {
    return { ...loggerOptions(config, { isTTY: false, prettyTarget: undefined }), stream };
  }
  return loggerOptions(config, {
    isTTY: process.stdout.isTTY === true,
    prettyTarget: process.stdout.isTTY ? resolvePrettyTransport() : undefined,
  });
}

/**
 * The whole server, ready to answer (and to be tested with `inject`), but
 * never listening: main.ts does that.
 */
export async function buildApp(
  config: Config,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? defaultLogger(config, options.logStream),
    bodyLimit: BODY_LIMIT_BYTES,
    // Behind a TLS-terminating proxy: request.protocol and request.ip then come from X-Forwarded-*.
    trustProxy: config.trustProxy,
    // A fresh UUID per request, so the requestId of a 500 finds its log lines; clients cannot choose it.
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // Opening PGlite and migrating can take a while on a busy 2-core machine.
    pluginTimeout: 60_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(noStorePlugin);
  await app.register(securityPlugin, { config });
  await app.register(compressPlugin);
  await app.register(dbPlugin, { config, ...(options.db ? { db: options.db } : {}) });
  await app.register(rollupWorkerPlugin);
  await app.register(metricsPlugin, { token: config.metricsToken });
  await app.register(authPlugin);
  await app.register(apiDocsPlugin);

  await app.register(readingsFeedPlugin, options.readingsFeed ?? {});
  await app.register(ingestPlugin);
  // --- live notifications (issue #4): hub, then mail, then alarms and announcements ---
  await app.register(hubPlugin, { redisUrl: config.redisUrl, devTools: config.devTools });
  await app.register(mailPlugin, {
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    outboxDir: config.mailOutboxDir,
  });
  await app.register(scheduledReportsPlugin);
  await app.register(alarmsPlugin, { devTools: config.devTools });
  await app.register(emailReceiverRoutes);
  await app.register(announcementRoutes, { devTools: config.devTools });
  await app.register(devEmailRoutes, { devTools: config.devTools });
  // --- end of live notifications ---

  await app.register(healthRoutes);
  await app.register(userRoutes, { config });
  await app.register(channelRoutes);
  await app.register(monitorRoutes);
  await app.register(reportRoutes);
  await app.register(overviewRoutes);
  await app.register(costRoutes);
  await app.register(adminRoutes, { config });
  await app.register(ingestRoutes, { rawRetentionDays: config.rawRetentionDays });
  if (config.mqttUrl) {
    const clientId = mqttIngestClientId(config, hostname());
    await app.register(mqttIngestPlugin, {
      url: config.mqttUrl,
      rawRetentionDays: config.rawRetentionDays,
      ...(clientId ? { clientId } : {}),
    });
  }
  await app.register(simulatorPlugin, {
    enabled: config.simulator,
    ...(config.simulatorTransport === 'mqtt' && config.mqttUrl
      ? { mqtt: { url: config.mqttUrl } }
      : {}),
  });
  await app.register(controlPlugin, { mqttUrl: config.mqttUrl });
  await app.register(demandRoutes);
  await app.register(demandDevRoutes, { devTools: config.devTools });
  await app.register(retentionPlugin, { rawRetentionDays: config.rawRetentionDays });
  await app.register(staticClientPlugin, { webDistDir: config.webDistDir });

  await app.ready();
  return app;
}
