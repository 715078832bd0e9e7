/**
 * The alarm mail holds CLEAR_LINK_MARK where its clear link goes; the outbox
 * worker puts each receiver's own link there when it sends (made by the
 * alarm-links module, decision 0074) (the body is
 * rendered once per event, the link is per receiver and made at send time,
 * so a retry a day later still carries a working link). Without a link (the
 * alarm is already cleared, or links are off) the line is taken out.
 */
export const CLEAR_LINK_MARK = '%%WATTBOARD_CLEAR_LINK%%';

export interface MailBodies {
  text: string;
  html: string;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Text lines / HTML paragraphs holding the mark get the link, or go when there is none. */
export function fillClearLink<T extends MailBodies>(mail: T, url: string | null): T {
  if (!mail.text.includes(CLEAR_LINK_MARK) && !mail.html.includes(CLEAR_LINK_MARK)) return mail;
  const text =
    url === null
      ? mail.text.replace(new RegExp(`[^\\n]*${CLEAR_LINK_MARK}[^\\n]*\\n?\\n?`, 'g'), '')
      : mail.text.replaceAll(CLEAR_LINK_MARK, url);
  const html =
    url === null
      ? mail.html.replace(
          new RegExp(`<p[^>]*>(?:(?!</p>).)*${CLEAR_LINK_MARK}(?:(?!</p>).)*</p>`, 'g'),
          '',
        )
      : mail.html.replaceAll(
          CLEAR_LINK_MARK,
          `<a href="${escapeAttribute(url)}">${escapeAttribute(url)}</a>`,
        );
  return { ...mail, text, html };
}
