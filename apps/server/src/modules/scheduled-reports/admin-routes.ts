import type { FastifyInstance } from 'fastify';
import {
  adminScheduledReportGet,
  adminScheduledReportSendNow,
  adminScheduledReportUpdate,
  ADMIN_MESSAGES,
  SCHEDULED_REPORT_MESSAGES,
  SCHEDULED_REPORT_TIME,
  StatusCode,
  type ScheduledReport,
} from '@wattboard/contract';
import { registerAdminCall } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { ZoneClock } from '@wattboard/zone-time';
import { loadReportFactory } from './repo/report-data.ts';
import { lastSentAt, loadReportSettings, saveReportSettings } from './repo/report-settings.ts';
import { nextScheduledRun } from './schedule.ts';
import { sendReportNow } from './send-report.ts';

async function reportsOf(db: Queryable, factoryId: number, timeZone: string, now: Date) {
  const clock = new ZoneClock(timeZone);
  const [settings, sent] = await Promise.all([
    loadReportSettings(db, factoryId),
    lastSentAt(db, factoryId),
  ]);
  return settings.map((report): ScheduledReport => {
    const next = nextScheduledRun(report, now.getTime(), clock);
    const last = sent.get(report.kind);
    return {
      kind: report.kind,
      enabled: report.enabled,
      receivers: report.receivers,
      sendTime: SCHEDULED_REPORT_TIME,
      nextRunAt: next ? clock.formatIso(next.dueAt) : null,
      nextPeriod: next ? next.period : null,
      lastSentAt: last ? clock.formatIso(last.getTime()) : null,
    };
  });
}

/** Scheduled energy reports (issue #15): settings with the next run time, and "send now". */
export async function adminScheduledReportRoutes(app: FastifyInstance) {
  const answer = async (factoryId: number, now: Date) => {
    const factory = await loadReportFactory(app.db, factoryId);
    if (!factory) return null;
    return {
      timeZone: factory.timeZone,
      reports: await reportsOf(app.db, factoryId, factory.timeZone, now),
    };
  };

  registerAdminCall(app, adminScheduledReportGet, async ({ factoryId, ok, fail }) => {
    const body = await answer(factoryId, new Date());
    return body
      ? { ...ok, ...body }
      : fail(StatusCode.FactoryNotFound, ADMIN_MESSAGES.factoryNotFound);
  });

  registerAdminCall(
    app,
    adminScheduledReportUpdate,
    async ({ body, factoryId, actor, ok, fail }) => {
      const now = new Date();
      await app.db.transaction(async (tx) => {
        const before = (await loadReportSettings(tx, factoryId)).find((s) => s.kind === body.kind);
        await saveReportSettings(tx, factoryId, body, now);
        await recordAudit(tx, {
          factoryId,
          actor,
          action: 'scheduled-report.update',
          target: { type: 'scheduled-report', id: body.kind },
          detail: {
            before: before ? { enabled: before.enabled, receivers: before.receivers } : null,
            after: { enabled: body.enabled, receivers: body.receivers },
          },
        });
      });
      const answered = await answer(factoryId, now);
      return answered
        ? { ...ok, ...answered }
        : fail(StatusCode.FactoryNotFound, ADMIN_MESSAGES.factoryNotFound);
    },
  );

  registerAdminCall(
    app,
    adminScheduledReportSendNow,
    async ({ body, factoryId, actor, ok, fail }) => {
      const factory = await loadReportFactory(app.db, factoryId);
      if (!factory) return fail(StatusCode.FactoryNotFound, ADMIN_MESSAGES.factoryNotFound);
      const outcome = await sendReportNow(app.db, {
        factoryId,
        kind: body.kind,
        actor,
        now: new Date(),
        timeZone: factory.timeZone,
        ...(app.hasDecorator('scheduledReports') ? { links: app.scheduledReports.links } : {}),
      });
      if (outcome.status !== 'queued') {
        return fail(StatusCode.Fail, SCHEDULED_REPORT_MESSAGES.noReceivers);
      }
      if (app.hasDecorator('mail')) app.mail.kick();
      if (outcome.webhooks > 0 && app.hasDecorator('webhooks')) app.webhooks.kick();
      const receivers = outcome.queued === 1 ? 'receiver' : 'receivers';
      // Webhook destinations named only when there are some, so a mail-only answer reads as before.
      const destinations =
        outcome.webhooks === 0
          ? ''
          : ` and ${outcome.webhooks} webhook destination${outcome.webhooks === 1 ? '' : 's'}`;
      return {
        ...ok,
        kind: body.kind,
        period: outcome.period,
        queued: outcome.queued,
        webhooks: outcome.webhooks,
        message: `The ${body.kind} report for ${outcome.period.from} – ${outcome.period.to} is queued for ${outcome.queued} ${receivers}${destinations}.`,
      };
    },
  );
}
