import { hostname } from 'node:os';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { mqttIngestClientId, type Config } from './platform/config.ts';
import type { Db } from './platform/db/db.ts';
import { contractSerializerCompiler } from './platform/http/serializer.ts';
import { loggerOptions, resolvePrettyTransport } from './platform/logger.ts';
import { errorHandlerPlugin } from './platform/http/error-handler.ts';
import { jsonBodyPlugin } from './platform/http/json-body-plugin.ts';
import { noStorePlugin } from './platform/http/no-store.ts';
import { securityPlugin } from './platform/http/security.ts';
import { compressPlugin } from './platform/http/compress.ts';
import { dbPlugin } from './platform/db/plugin.ts';
import { demoSeedPlugin } from './modules/demo/plugin.ts';
import { rollupWorkerPlugin } from './modules/rollups/plugin.ts';
import { authPlugin } from './modules/auth/plugin.ts';
import { apiDocsPlugin } from './platform/http/api-docs.ts';
import { staticClientPlugin } from './platform/http/static-client.ts';
import { healthRoutes } from './platform/http/health-routes.ts';
import { userRoutes } from './modules/auth/routes.ts';
import { ssoPlugin } from './modules/sso/index.ts';
import { channelRoutes } from './modules/factory/routes.ts';
import { ingestRoutes } from './modules/ingest/routes.ts';
import { monitorRoutes } from './modules/monitor/routes.ts';
import { reportRoutes } from './modules/report/routes.ts';
import { overviewRoutes } from './modules/overview/routes.ts';
import { costRoutes } from './modules/cost/routes.ts';
import { carbonReportRoutes } from './modules/carbon-report/index.ts';
import { baselineRoutes } from './modules/baseline/index.ts';
import { wasteRoutes } from './modules/waste/index.ts';
import { adminRoutes } from './admin-routes.ts';
import { mqttIngestPlugin } from './modules/ingest/mqtt-plugin.ts';
import { mqttAccessPlugin } from './modules/mqtt-access/index.ts';
import { simulatorPlugin } from './modules/simulator/plugin.ts';
import { retentionPlugin } from './modules/rollups/retention-plugin.ts';
import { readingsFeedPlugin, type ReadingsFeedOptions } from './modules/ingest/readings-feed.ts';
import { historyImportRoutes } from './modules/history-import/index.ts';
import { metricsPlugin } from './platform/metrics/plugin.ts';
import { ingestPlugin } from './modules/ingest/ingest-plugin.ts';
import { mailPlugin } from './modules/mail/plugin.ts';
import { webhookPlugin } from './modules/webhooks/index.ts';
import { alarmLinksPlugin } from './modules/alarm-links/index.ts';
import { emailReceiverRoutes } from './modules/mail/routes.ts';
import { announcementRoutes } from './modules/announcements/routes.ts';
import { devEmailRoutes } from './modules/mail/dev-routes.ts';
import { alarmsPlugin } from './modules/alarms/plugin.ts';
import { anomaliesPlugin } from './modules/anomalies/plugin.ts';
import { hubPlugin } from './modules/hub/plugin.ts';
import { controlPlugin } from './modules/control/plugin.ts';
import { demandRoutes } from './modules/demand/routes.ts';
import { demandDevRoutes } from './modules/demand/dev-routes.ts';
import { scheduledReportsPlugin } from './modules/scheduled-reports/plugin.ts';

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
  await app.register(demoSeedPlugin, { config });
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
  await app.register(webhookPlugin, {
    telegramApiBase: config.telegramApiBase,
    lineApiBase: config.lineApiBase,
    publicUrl: config.publicUrl,
    port: config.port,
  });
  await app.register(alarmLinksPlugin, { config });
  await app.register(scheduledReportsPlugin, { config });
  await app.register(alarmsPlugin, { devTools: config.devTools });
  await app.register(anomaliesPlugin);
  await app.register(emailReceiverRoutes);
  await app.register(announcementRoutes, { devTools: config.devTools });
  await app.register(devEmailRoutes, { devTools: config.devTools });
  // --- end of live notifications ---

  await app.register(healthRoutes);
  await app.register(userRoutes, { config });
  await app.register(ssoPlugin, {
    configFile: config.oidcConfigFile,
    publicUrl: config.publicUrl,
    scryptCost: config.scryptCost,
  });
  await app.register(channelRoutes);
  await app.register(monitorRoutes);
  await app.register(baselineRoutes);
  await app.register(wasteRoutes);
  await app.register(reportRoutes);
  await app.register(overviewRoutes);
  await app.register(costRoutes);
  await app.register(carbonReportRoutes);
  await app.register(mqttAccessPlugin, { adminUrl: config.mqttAdminUrl });
  await app.register(adminRoutes, { config });
  await app.register(ingestRoutes, { rawRetentionDays: config.rawRetentionDays });
  await app.register(historyImportRoutes, { rawRetentionDays: config.rawRetentionDays });
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
