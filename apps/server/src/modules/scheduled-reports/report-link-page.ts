import { escapeHtml } from '../mail/index.ts';

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
  const section = (language: 'en' | 'zh') => {
    const [heading, body] = REPORT_LINK_WORDS[refusal][language];
    return (
      `<section lang="${language === 'en' ? 'en' : 'zh-TW'}"><h1>${escapeHtml(heading)}</h1>` +
      `<p>${escapeHtml(body)}</p></section>`
    );
  };
  const [titleEn] = REPORT_LINK_WORDS[refusal].en;
  const [titleZh] = REPORT_LINK_WORDS[refusal].zh;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Wattboard · ${escapeHtml(titleEn)} · ${escapeHtml(titleZh)}</title>
<style>
body{margin:0;background:#f4f6f8;color:#1f2933;font:16px/1.5 system-ui,sans-serif}
main{box-sizing:border-box;max-width:30rem;margin:0 auto;padding:2rem 1.25rem}
h1{font-size:1.25rem;margin:0 0 .5rem}section+section{margin-top:1rem;padding-top:1rem;border-top:1px solid #d5dbe1}
</style></head><body><main>${section('en')}${section('zh')}</main></body></html>`;
}
