/**
 * Clear links in webhook messages (decisions 0072, 0074). A body is made when
 * its delivery is queued, with CLEAR_LINK_MARK where the link goes; the worker
 * puts a link made for that attempt there when it sends (a token lasts 12 hours
 * and works once, so it is made as late as possible, as the mail worker does),
 * or takes the mark's element out when there is no link. Pure.
 */
export const CLEAR_LINK_MARK = '%%WATTBOARD_CLEAR_LINK%%';

/** The link's label, English then 中文 like every webhook text (the words of the link page). */
export const CLEAR_LINK_LABEL = 'Clear this alarm / 清除此警報';
/** The chat line before the address: the link works once, for 12 hours (as the alarm mail says). */
export const CLEAR_LINK_LINE = `${CLEAR_LINK_LABEL} (once, within 12 h / 限用一次，12 小時內有效):`;

const REMOVE = Symbol('remove');
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Without a link: a value that is just the mark becomes null (the signed
 * JSON's `clearUrl`); a line of text holding it goes (Slack, Telegram); an
 * object in a list with the mark as one of its values goes whole (the Teams
 * card's Action.OpenUrl), and a list or object left empty by that goes too.
 */
function withoutMark(value: Json, parent: 'root' | 'object' | 'array'): Json | typeof REMOVE {
  if (typeof value === 'string') {
    if (value === CLEAR_LINK_MARK) return parent === 'array' ? REMOVE : null;
    if (!value.includes(CLEAR_LINK_MARK)) return value;
    return value.replace(new RegExp(`\\n?[^\\n]*${CLEAR_LINK_MARK}[^\\n]*`, 'g'), '');
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return value;
    const kept = value
      .map((item) => withoutMark(item, 'array'))
      .filter((item): item is Json => item !== REMOVE);
    return kept.length === 0 ? REMOVE : kept;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return value;
    if (parent === 'array' && entries.some(([, item]) => item === CLEAR_LINK_MARK)) return REMOVE;
    const kept = entries
      .map(([key, item]) => [key, withoutMark(item, 'object')] as const)
      .filter((entry): entry is readonly [string, Json] => entry[1] !== REMOVE);
    return kept.length === 0 ? REMOVE : Object.fromEntries(kept);
  }
  return value;
}

/** Whether a queued body has a place for a clear link (an event's, queued since links came). */
export const holdsClearLink = (body: string) => body.includes(CLEAR_LINK_MARK);

/** The body as sent: the mark replaced by `url`, or its element taken out when there is none. */
export function fillClearLink(body: string, url: string | null): string {
  if (!holdsClearLink(body)) return body;
  if (url !== null) {
    // The mark sits inside JSON strings: the address goes in JSON-escaped.
    const escaped = JSON.stringify(url).slice(1, -1);
    return body.replaceAll(CLEAR_LINK_MARK, () => escaped);
  }
  const stripped = withoutMark(JSON.parse(body) as Json, 'root');
  return JSON.stringify(stripped === REMOVE ? {} : stripped);
}

/** Who a webhook's link was sent to, as the audit log names the one who used it. */
export const clearLinkReceiver = (destination: { name: string }) => `webhook: ${destination.name}`;
