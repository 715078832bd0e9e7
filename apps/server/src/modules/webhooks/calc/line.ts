import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { CLEAR_LINK_LINE, CLEAR_LINK_MARK } from './clear-link.ts';
import type { WebhookEvent } from './payload.ts';

/**
 * LINE through the Messaging API of the factory's Official Account (issue #28,
 * decision 0076). Pure: the signature, the bodies sent, the binding code and
 * the reading of what LINE posts to our webhook.
 */

/** The Messaging API, unless LINE_API_BASE points elsewhere (tests, a proxy). */
export const LINE_API_BASE = 'https://api.line.me';
/** Where LINE posts a destination's webhook events (its id last). */
export const LINE_WEBHOOK_PATH = '/v1/Line/Webhook';
/** A text message holds at most this many characters (Messaging API reference, text message). */
export const LINE_TEXT_MAX = 5000;
/** How long a binding code works. */
export const LINE_CODE_MS = 30 * 60_000;
/** Wrong codes a binding code survives; the next one ends it (Admin makes a new one). */
export const LINE_CODE_MAX_FAILURES = 10;
/** A binding code: six digits. A message of six digits is taken as a try; any other is ignored. */
export const LINE_CODE_PATTERN = /^\d{6}$/;

const base = (apiBase: string) => apiBase.replace(/\/+$/, '');
/** POST /v2/bot/message/push: `{ to, messages }`, Authorization: Bearer {channel access token}. */
export const linePushUrl = (apiBase: string) => `${base(apiBase)}/v2/bot/message/push`;
/** POST /v2/bot/message/reply: `{ replyToken, messages }`, the same bearer token. */
export const lineReplyUrl = (apiBase: string) => `${base(apiBase)}/v2/bot/message/reply`;

/** The address to paste into the LINE Developers console for one destination. */
export const lineWebhookUrl = (origin: string, destinationId: number) =>
  `${origin.replace(/\/+$/, '')}${LINE_WEBHOOK_PATH}/${destinationId}`;

/**
 * X-Line-Signature: base64 of HMAC-SHA256 keyed with the channel secret over
 * the request body exactly as received (bytes, before any JSON parsing).
 */
export function lineSignature(channelSecret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', channelSecret).update(rawBody).digest('base64');
}

/** Whether `signature` is the body's, compared in constant time on the decoded digest. */
export function verifyLineSignature(
  channelSecret: string,
  rawBody: Buffer | string,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = createHmac('sha256', channelSecret).update(rawBody).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A fresh binding code (uniform over 000000–999999). */
export const newLineCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
/** What is kept of a code: its SHA-256, hex (the code itself is shown once). */
export const hashLineCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** Whether a sent code is the kept one, in constant time. */
export function lineCodeMatches(code: string, keptHash: string): boolean {
  const given = Buffer.from(hashLineCode(code), 'hex');
  const kept = Buffer.from(keptHash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

const clip = (text: string, max = LINE_TEXT_MAX) =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;
/** Room kept for the clear link's line and address (a token is a few hundred characters). */
const CLEAR_LINK_ROOM = 600;

/**
 * The push body: one text message, English then 中文 as Telegram's (a LINE
 * text has no parse mode, so nothing needs escaping; LINE makes the clear
 * link's address a link by itself). `to` is the bound user, group or room.
 */
export function linePushBody(event: WebhookEvent, to: string, clearLink = false): string {
  const where = event.node ? `\n${event.node.name} / ${event.node.chName}` : '';
  const text =
    `${event.titleEn} / ${event.titleZh}${where}\n` +
    `${event.descEn}\n${event.descZh}\n` +
    `${event.factory.name} / ${event.factory.nameZh} · ${event.openedAt.toISOString()}`;
  // The link line is added after clipping, so a long text never cuts the mark in two.
  return JSON.stringify({
    to,
    messages: [
      {
        type: 'text',
        text: clearLink
          ? `${clip(text, LINE_TEXT_MAX - CLEAR_LINK_ROOM)}\n${CLEAR_LINK_LINE} ${CLEAR_LINK_MARK}`
          : clip(text),
      },
    ],
  });
}

/** What a code message gets back, in both languages. */
export type LineReply = 'bound' | 'wrong' | 'expired';

export function lineReplyText(
  reply: LineReply,
  factory: { name: string; nameZh: string },
  chatType: 'user' | 'group' | 'room',
): string {
  if (reply === 'bound') {
    const en = chatType === 'user' ? 'you' : `this ${chatType === 'group' ? 'group' : 'chat'}`;
    const zh = chatType === 'user' ? '您' : chatType === 'group' ? '此群組' : '此聊天室';
    return (
      `Bound: ${en} will get ${factory.name} alerts from Wattboard.\n` +
      `已綁定：${zh}將收到 Wattboard 的「${factory.nameZh}」警報。`
    );
  }
  if (reply === 'expired')
    return (
      'This code no longer works. Ask the Admin for a new one (Admin › Webhooks).\n' +
      '此代碼已失效，請向管理員索取新代碼（管理 › Webhooks）。'
    );
  return (
    'Wrong code. Check the six digits shown in Admin › Webhooks.\n' +
    '代碼錯誤，請核對「管理 › Webhooks」顯示的六位數字。'
  );
}

export const lineReplyBody = (replyToken: string, text: string) =>
  JSON.stringify({ replyToken, messages: [{ type: 'text', text: clip(text) }] });

/**
 * What we read of a webhook request body (Messaging API reference, webhook
 * event objects); every other field and event type is let through unread.
 */
const lineSource = z.object({
  type: z.string(),
  userId: z.string().max(100).optional(),
  groupId: z.string().max(100).optional(),
  roomId: z.string().max(100).optional(),
});
const lineEvent = z.object({
  type: z.string(),
  webhookEventId: z.string().max(100).optional(),
  replyToken: z.string().max(500).optional(),
  source: lineSource.optional(),
  message: z.object({ type: z.string(), text: z.string().optional() }).optional(),
});
export const lineWebhookBody = z.object({
  destination: z.string().optional(),
  events: z.array(z.unknown()),
});

/** A text message that may be a binding code, with where it came from. */
export interface LineCodeTry {
  webhookEventId: string;
  replyToken: string | null;
  code: string;
  chatType: 'user' | 'group' | 'room';
  chatId: string;
}

/** The code tries among a body's events: six-digit text messages from a known source. */
export function lineCodeTries(events: unknown[]): LineCodeTry[] {
  const tries: LineCodeTry[] = [];
  for (const raw of events) {
    const parsed = lineEvent.safeParse(raw);
    if (!parsed.success) continue;
    const { type, webhookEventId, replyToken, source, message } = parsed.data;
    if (type !== 'message' || message?.type !== 'text' || !webhookEventId || !source) continue;
    const code = (message.text ?? '').trim();
    if (!LINE_CODE_PATTERN.test(code)) continue;
    const chat =
      source.type === 'user' && source.userId
        ? { chatType: 'user' as const, chatId: source.userId }
        : source.type === 'group' && source.groupId
          ? { chatType: 'group' as const, chatId: source.groupId }
          : source.type === 'room' && source.roomId
            ? { chatType: 'room' as const, chatId: source.roomId }
            : null;
    if (!chat) continue;
    tries.push({ webhookEventId, replyToken: replyToken ?? null, code, ...chat });
  }
  return tries;
}

/** An error text with the channel access token taken out. */
export function withoutLineToken(text: string, token: string): string {
  return token === '' ? text : text.split(token).join('…');
}
