import { teamsCardMessage } from './teams-card.ts';
import { LINE_TEXT_MAX } from './line.ts';
import type { BodyTarget } from './payload.ts';

/**
 * A scheduled report told to a webhook destination (issue #28, decision
 * 0083): its name, its period and a signed download link that works for 7
 * days, in the destination's format. The file is not sent: chat services
 * take no attachments through these calls, and a link keeps the figures in
 * one place (the stored file the e-mail attaches). Pure.
 */
export interface WebhookReport {
  kind: 'weekly' | 'monthly';
  /** Factory-local days, the last one included. */
  period: { from: string; to: string };
  fileName: string;
  /** The signed download link (scheduled-reports makes it). */
  url: string;
  expiresAt: Date;
  /** The expiry on the factory's wall clock, for people ("2026-12-07 08:00 (Asia/Taipei)"). */
  expiresText: string;
  factory: { id: number; name: string; nameZh: string };
}

const KIND = {
  weekly: { en: 'Weekly energy report', zh: '每週用電報告' },
  monthly: { en: 'Monthly energy report', zh: '每月用電報告' },
} as const;

/** The report's title in both languages, as the Outbox lists it. */
export function reportTitle(report: Pick<WebhookReport, 'kind' | 'period'>) {
  const period = `${report.period.from} – ${report.period.to}`;
  return {
    en: `${KIND[report.kind].en} ${period}`,
    zh: `${KIND[report.kind].zh} ${period}`,
  };
}

export const REPORT_LINK_LABEL = 'Download the report / 下載報表';

/** The lines of a chat text: title, factory, the link's lifetime; the link itself last. */
function reportLines(report: WebhookReport): string {
  const title = reportTitle(report);
  return (
    `${title.en} / ${title.zh}\n` +
    `${report.factory.name} / ${report.factory.nameZh}\n` +
    `${report.fileName}\n` +
    `Link valid until ${report.expiresText} / 連結有效至 ${report.expiresText}`
  );
}

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

function teamsReportBody(report: WebhookReport): string {
  const title = reportTitle(report);
  return teamsCardMessage({
    title: `${title.en} / ${title.zh}`,
    facts: [
      { title: 'Factory / 工廠', value: `${report.factory.name} / ${report.factory.nameZh}` },
      { title: 'Period / 期間', value: `${report.period.from} – ${report.period.to}` },
      { title: 'File / 檔案', value: report.fileName },
      { title: 'Link valid until / 連結有效至', value: report.expiresText },
    ],
    link: { label: REPORT_LINK_LABEL, url: report.url },
  });
}

/**
 * The body of a report delivery, fixed when queued like an event's (decision
 * 0069): `signed` our JSON (`type: "report.ready"`, its `id` the
 * Idempotency-Key); `slack` text with a `<url|label>` link; `teams` a card
 * with an Action.OpenUrl; `telegram` and `line` plain text with the address
 * on the last line (both make it a link by themselves).
 */
export function reportWebhookBody(
  target: BodyTarget,
  report: WebhookReport,
  deliveryId: string,
): string {
  const { format, telegramChatId = null, chatId = null } = target;
  if (format === 'teams') return teamsReportBody(report);
  if (format === 'slack')
    return JSON.stringify({ text: `${reportLines(report)}\n<${report.url}|${REPORT_LINK_LABEL}>` });
  if (format === 'telegram')
    return JSON.stringify({
      chat_id: telegramChatId ?? '',
      text: `${reportLines(report)}\n${REPORT_LINK_LABEL}: ${report.url}`,
      link_preview_options: { is_disabled: true },
    });
  if (format === 'line') {
    // The address goes after clipping, so a long name can never cut the link.
    const link = `\n${REPORT_LINK_LABEL}: ${report.url}`;
    return JSON.stringify({
      to: chatId ?? '',
      messages: [
        { type: 'text', text: clip(reportLines(report), LINE_TEXT_MAX - link.length) + link },
      ],
    });
  }
  const title = reportTitle(report);
  return JSON.stringify({
    id: deliveryId,
    type: 'report.ready',
    factory: report.factory,
    report: {
      kind: report.kind,
      title,
      period: report.period,
      fileName: report.fileName,
      url: report.url,
      expiresAt: report.expiresAt.toISOString(),
    },
  });
}
