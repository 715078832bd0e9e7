import { networkInterfaces } from 'node:os';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { MINUTE_MS } from '@wattboard/zone-time';
import type { Config } from '../../platform/config.ts';
import { publicOrigin } from '../../platform/http/public-origin.ts';
import { runDueReports } from './run-due.ts';
import { every, periodicTask } from '../../platform/periodic-task.ts';
import { mintReportLinkToken } from './report-link-token.ts';
import { REPORT_LINK_PATH, reportLinkRoutes } from './report-link-routes.ts';
import { loadReportLinkSecret } from './repo/report-link-store.ts';
import type { ReportLinkSigner } from './send-report.ts';

declare module 'fastify' {
  interface FastifyInstance {
    scheduledReports: {
      /** One scheduler pass at `now` (default: the clock); resolves with the deliveries queued. */
      runDue(now?: Date): Promise<number>;
      /** The signer of report links in webhook messages (decision 0083). */
      links(): Promise<ReportLinkSigner>;
    };
  }
}

/** How often the scheduler looks for due reports: a report goes out at most this late. */
export const REPORT_TICK_MS = MINUTE_MS;

export interface ScheduledReportsOptions {
  /** PUBLIC_URL and PORT, for the report links (as the clear links make theirs). */
  config?: Pick<Config, 'publicUrl' | 'port'>;
  /** The clock of the download route (tests pin it to see a link expire). */
  now?: () => Date;
}

function listeningAddress(app: FastifyInstance) {
  const address = app.server.address();
  return address && typeof address === 'object' ? address : null;
}

/**
 * The scheduled-report scheduler (issue #15). While the server listens it
 * runs at once (a run missed while no server ran goes out now) and then every
 * minute; under `inject` nothing runs by itself and tests call runDue. Passes
 * never overlap on one instance; across instances the run table's insert-once
 * keeps every period to one mail per receiver and one message per webhook
 * destination. Queued mail and webhooks wake their outboxes. It also serves
 * the report links those webhook messages carry (decision 0083).
 */
export const scheduledReportsPlugin = fp<ScheduledReportsOptions>(
  async (app, options) => {
    const now = options.now ?? (() => new Date());
    let secret: Promise<string> | undefined;
    const signingKey = () => (secret ??= loadReportLinkSecret(app.db));
    // PUBLIC_URL, or the server's own address; never a request's Host (see public-origin.ts).
    const origin = () =>
      publicOrigin({
        publicUrl: options.config?.publicUrl,
        listening: listeningAddress(app),
        configuredPort: options.config?.port ?? 3000,
        interfaces: networkInterfaces(),
      });
    const links = async (): Promise<ReportLinkSigner> => {
      const key = await signingKey();
      return (claims, nowMs) => {
        const { token, expiresAt } = mintReportLinkToken(key, claims, nowMs);
        return { url: `${origin()}${REPORT_LINK_PATH}?t=${encodeURIComponent(token)}`, expiresAt };
      };
    };

    let queue: Promise<unknown> = Promise.resolve();
    const runDue = (at?: Date) => {
      const pass = queue.then(async () => {
        const queued = await runDueReports(app.db, at ?? new Date(), app.log, links);
        if (queued > 0) {
          app.mail.kick();
          app.webhooks.kick();
        }
        return queued;
      });
      queue = pass.catch(() => undefined);
      return pass;
    };
    app.decorate('scheduledReports', { runDue, links });
    await app.register(reportLinkRoutes, { secret: signingKey, now });

    const passes = periodicTask({
      name: 'scheduled reports',
      log: app.log,
      run: () => runDue(),
      next: every(REPORT_TICK_MS),
      firstDelayMs: 0,
    });
    app.addHook('onListen', async () => passes.start());
    app.addHook('preClose', async () => {
      await passes.stop();
      await queue;
    });
  },
  { name: 'scheduled-reports', dependencies: ['db', 'mail', 'webhooks'] },
);
