/**
 * Queues a report: figures from the rollups, the .xlsx and the bilingual
 * mail, then one transaction that records the run, stores the file once and
 * queues one outbox row per receiver. A scheduled run's row is unique per
 * (factory, kind, period), so when two instances (or a restart) build the
 * same report only the first insert queues mail; the other rolls back.
 */
import type { ScheduledReportKind } from '@wattboard/contract';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import type { Db } from '../../platform/db/db.ts';
import { ZoneClock } from '@wattboard/zone-time';
import { formatMailTime, insertMailAttachment, insertOutboxMail } from '../mail/index.ts';
import { countReportDestinations, queueReportWebhooks } from '../webhooks/index.ts';
import { wasteFindingsOf } from '../waste/index.ts';
import { loadReportFactory, loadReportFigures } from './repo/report-data.ts';
import { renderReportMail } from './report-mail.ts';
import { insertRun, loadReportSettings, scheduledRunExists } from './repo/report-settings.ts';
import { reportFileName, reportWorkbook, XLSX_CONTENT_TYPE } from './report-workbook.ts';
import { latestDueRun, previousPeriod, type LocalPeriod } from './schedule.ts';
import type { ReportLinkClaims } from './report-link-token.ts';

/** Signs a report link now (the key is loaded before the report's transaction opens). */
export type ReportLinkSigner = (
  claims: Omit<ReportLinkClaims, 'expiresAt'>,
  nowMs: number,
) => { url: string; expiresAt: number };

export interface SendRequest {
  factoryId: number;
  kind: ScheduledReportKind;
  period: LocalPeriod;
  trigger: 'schedule' | 'manual';
  actor: AuditActor;
  now: Date;
  /**
   * The link signer of webhook deliveries (decision 0083); without it (a
   * server without the scheduled-reports plugin) the report goes by mail only.
   */
  links?: () => Promise<ReportLinkSigner>;
}

export type SendOutcome =
  | { status: 'queued'; queued: number; webhooks: number; period: LocalPeriod }
  | { status: 'already-sent' | 'no-receivers' | 'no-factory' };

export async function queueReport(db: Db, request: SendRequest): Promise<SendOutcome> {
  const { factoryId, kind, period, trigger } = request;
  const factory = await loadReportFactory(db, factoryId);
  if (!factory) return { status: 'no-factory' };
  const settings = (await loadReportSettings(db, factoryId)).find((s) => s.kind === kind)!;
  // Webhook destinations that take reports count as receivers too (decision 0083).
  const destinations = request.links ? await countReportDestinations(db, factoryId) : 0;
  if (settings.receivers.length === 0 && destinations === 0) return { status: 'no-receivers' };
  if (trigger === 'schedule' && (await scheduledRunExists(db, factoryId, kind, period.from))) {
    return { status: 'already-sent' };
  }
  const clock = new ZoneClock(factory.timeZone);
  const figures = await loadReportFigures(db, factory, period, previousPeriod(kind, period));
  const fileName = reportFileName(kind, period);
  const content = await reportWorkbook(factory, figures, clock);
  // The weekly report names the week's largest waste (docs/waste.md); a month is past the
  // finder's 31-day reach.
  const waste =
    kind === 'weekly'
      ? (
          await wasteFindingsOf(db, factoryId, clock, {
            startDate: period.from,
            endDate: period.to,
          })
        ).findings
      : undefined;
  const mail = renderReportMail({
    factory,
    kind,
    figures,
    clock,
    fileName,
    ...(waste ? { waste } : {}),
  });

  const sign = destinations > 0 && request.links ? await request.links() : null;

  return db.transaction(async (tx): Promise<SendOutcome> => {
    const runId = await insertRun(tx, {
      factoryId,
      kind,
      period,
      trigger,
      receivers: settings.receivers.length,
      now: request.now,
    });
    if (runId === null) return { status: 'already-sent' };
    const attachmentId = await insertMailAttachment(tx, factoryId, {
      fileName,
      contentType: XLSX_CONTENT_TYPE,
      content,
    });
    for (const toAddress of settings.receivers) {
      await insertOutboxMail(tx, { factoryId, eventId: null, toAddress, mail, attachmentId });
    }
    // The link opens this same stored file (decision 0083), so mail and chat show one report.
    let webhooks = 0;
    if (sign) {
      const link = sign(
        { factoryId, fileId: attachmentId, kind, ...period },
        request.now.getTime(),
      );
      webhooks = await queueReportWebhooks(
        tx,
        {
          kind,
          period,
          fileName,
          url: link.url,
          expiresAt: new Date(link.expiresAt),
          expiresText: formatMailTime(new Date(link.expiresAt), factory.timeZone),
          factory: { id: factory.id, name: factory.name, nameZh: factory.nameZh },
        },
        factory.timeZone,
        request.now,
      );
    }
    await recordAudit(tx, {
      factoryId,
      actor: request.actor,
      action: trigger === 'schedule' ? 'scheduled-report.sent' : 'scheduled-report.send-now',
      target: { type: 'scheduled-report', id: kind },
      detail: { period, receivers: settings.receivers, webhooks, runId },
    });
    return { status: 'queued', queued: settings.receivers.length, webhooks, period };
  });
}

/** "Send now": the last complete period of the kind, to the saved receivers. */
export function sendReportNow(
  db: Db,
  request: {
    factoryId: number;
    kind: ScheduledReportKind;
    actor: AuditActor;
    now: Date;
    timeZone: string;
    links?: () => Promise<ReportLinkSigner>;
  },
): Promise<SendOutcome> {
  const run = latestDueRun(request.kind, request.now.getTime(), new ZoneClock(request.timeZone));
  return queueReport(db, { ...request, period: run.period, trigger: 'manual' });
}
