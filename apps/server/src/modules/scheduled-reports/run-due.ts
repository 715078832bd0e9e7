/**
 * One pass of the report scheduler: every report that is on and owes a run
 * (schedule.ts owedRun) is queued once. Safe to run on every instance at any
 * rate: queueReport's insert-once decides. A failing factory is logged and
 * the others still run.
 */
import type { FastifyBaseLogger } from 'fastify';
import { SCHEDULER_ACTOR } from '../audit/index.ts';
import type { Db } from '../../platform/db/db.ts';
import { ZoneClock } from '@wattboard/zone-time';
import { enabledReports } from './repo/report-settings.ts';
import { owedRun } from './schedule.ts';
import { queueReport, type ReportLinkSigner } from './send-report.ts';

/** Returns how many mails and webhook deliveries were queued. */
export async function runDueReports(
  db: Db,
  now: Date,
  log: FastifyBaseLogger,
  links?: () => Promise<ReportLinkSigner>,
): Promise<number> {
  let queued = 0;
  for (const report of await enabledReports(db)) {
    try {
      const run = owedRun(report, now.getTime(), new ZoneClock(report.timeZone));
      if (!run) continue;
      const outcome = await queueReport(db, {
        factoryId: report.factoryId,
        kind: report.kind,
        period: run.period,
        trigger: 'schedule',
        actor: SCHEDULER_ACTOR,
        now,
        ...(links ? { links } : {}),
      });
      if (outcome.status === 'queued') {
        queued += outcome.queued + outcome.webhooks;
        log.info(
          {
            factoryId: report.factoryId,
            kind: report.kind,
            period: run.period,
            mails: outcome.queued,
            webhooks: outcome.webhooks,
          },
          'scheduled report queued',
        );
      }
    } catch (err) {
      log.error({ err, factoryId: report.factoryId, kind: report.kind }, 'scheduled report failed');
    }
  }
  return queued;
}
