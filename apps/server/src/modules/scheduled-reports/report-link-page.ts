import { renderNoticePage } from '../../platform/http/notice-page.ts';

/**
 * The page a report link answers when it cannot give the file (decision
 * 0083): plain server HTML in English and 中文, no script, nothing of the
 * factory. An expired link is Gone, anything else Not Found; neither says
 * more (a tampered link and a link to a file that is not there look alike).
 * Pure.
 */
export type ReportLinkRefusal = 'expired' | 'invalid';

export const REPORT_LINK_STATUS: Record<ReportLinkRefusal, number> = { expired: 410, invalid: 404 };

export const REPORT_LINK_WORDS = {
  expired: {
    en: [
      'This report link has expired',
      'A report link works for 7 days. The report is in the dashboard’s Report page, or ask for it again.',
    ],
    zh: ['此報表連結已過期', '報表連結 7 天內有效。請至儀表板的報表頁面查看，或再次索取。'],
  },
  invalid: {
    en: ['This report link is not valid', 'Check that the whole link was copied from the message.'],
    zh: ['此報表連結無效', '請確認已從訊息中複製完整的連結。'],
  },
} as const;

export function renderReportLinkPage(refusal: ReportLinkRefusal): string {
  const [enHeading, enBody] = REPORT_LINK_WORDS[refusal].en;
  const [zhHeading, zhBody] = REPORT_LINK_WORDS[refusal].zh;
  return renderNoticePage({
    en: { heading: enHeading, body: enBody },
    zh: { heading: zhHeading, body: zhBody },
  });
}
