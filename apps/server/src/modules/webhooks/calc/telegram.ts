import { CLEAR_LINK_LINE, CLEAR_LINK_MARK } from './clear-link.ts';
import type { WebhookEvent } from './payload.ts';

/** Telegram's Bot API, unless TELEGRAM_API_BASE points elsewhere (tests, a proxy). */
export const TELEGRAM_API_BASE = 'https://api.telegram.org';

/**
 * The sendMessage body: plain text (no parse_mode, so nothing in a title or
 * a node's name needs escaping), English then 中文, no link previews. With
 * `clearLink`, a last line with the clear link's address, which Telegram
 * shows as a link. Not an inline keyboard button: the Bot API refuses the
 * whole message when a button's URL has no dotted host (BUTTON_URL_INVALID),
 * and without PUBLIC_URL the address may be `localhost`.
 */
export function telegramBody(event: WebhookEvent, chatId: string, clearLink = false): string {
  const where = event.node ? `\n${event.node.name} / ${event.node.chName}` : '';
  return JSON.stringify({
    chat_id: chatId,
    text:
      `${event.titleEn} / ${event.titleZh}${where}\n` +
      `${event.descEn}\n${event.descZh}\n` +
      `${event.factory.name} / ${event.factory.nameZh} · ${event.openedAt.toISOString()}` +
      (clearLink ? `\n${CLEAR_LINK_LINE} ${CLEAR_LINK_MARK}` : ''),
    link_preview_options: { is_disabled: true },
  });
}

/** The sendMessage address of a bot. The token is in the path: never log this. */
export function telegramUrl(apiBase: string, token: string): string {
  return `${apiBase.replace(/\/+$/, '')}/bot${token}/sendMessage`;
}

/** The token as Admin sees it again: the bot's id (public), the secret part masked. */
export function maskTelegramToken(token: string): string {
  const colon = token.indexOf(':');
  return colon > 0 ? `${token.slice(0, colon)}:…` : '…';
}

/** An error text with the token taken out, in case a library put the address in it. */
export function withoutToken(text: string, token: string): string {
  return token === '' ? text : text.split(token).join('…');
}
