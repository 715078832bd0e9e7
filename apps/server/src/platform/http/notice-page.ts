import { escapeHtml } from './html-text.ts';

/**
 * The plain pages a link from a message opens (alarm clear links, report links): server HTML
 * in English and 中文, one section each, no script (the CSP allows none inline), not indexed,
 * readable on a phone. Pure.
 */
export interface NoticeSection {
  heading: string;
  body: string;
  /** Markup shown between the heading and the body, already escaped by the caller. */
  detailHtml?: string;
}

export interface NoticePage {
  en: NoticeSection;
  zh: NoticeSection;
  /** Markup after both sections (a form), already escaped by the caller. */
  footerHtml?: string;
  /** Rules added to the page's own few. */
  extraCss?: string;
}

function section(language: 'en' | 'zh-TW', { heading, body, detailHtml = '' }: NoticeSection) {
  return (
    `<section lang="${language}"><h1>${escapeHtml(heading)}</h1>` +
    `${detailHtml}<p>${escapeHtml(body)}</p></section>`
  );
}

export function renderNoticePage(page: NoticePage): string {
  const title = `Wattboard · ${escapeHtml(page.en.heading)} · ${escapeHtml(page.zh.heading)}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
body{margin:0;background:#f4f6f8;color:#1f2933;font:16px/1.5 system-ui,sans-serif}
main{box-sizing:border-box;max-width:30rem;margin:0 auto;padding:2rem 1.25rem}
h1{font-size:1.25rem;margin:0 0 .5rem}section+section{margin-top:1rem;padding-top:1rem;border-top:1px solid #d5dbe1}
${page.extraCss ?? ''}</style></head><body><main>${section('en', page.en)}${section('zh-TW', page.zh)}${page.footerHtml ?? ''}</main></body></html>`;
}
