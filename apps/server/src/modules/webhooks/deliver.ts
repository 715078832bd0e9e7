import { createHash } from 'node:crypto';
import { LINE_API_BASE, linePushUrl, withoutLineToken } from './calc/line.ts';
import { webhookSignature } from './calc/signature.ts';
import { TELEGRAM_API_BASE, telegramUrl, withoutToken } from './calc/telegram.ts';
import type { WebhookDestination } from './repo/destinations.ts';

/** Where the chat services' APIs are (TELEGRAM_API_BASE, LINE_API_BASE; tests point them here). */
export interface ChatApis {
  telegram: string;
  line: string;
}
export const CHAT_APIS: ChatApis = { telegram: TELEGRAM_API_BASE, line: LINE_API_BASE };

/**
 * LINE's X-Line-Retry-Key for a delivery: a UUID-shaped hex string made from
 * the delivery and the destination, so every attempt of one delivery carries
 * the same key and LINE accepts it once (a repeat answers 409).
 */
export function lineRetryKey(deliveryId: string, destinationId: number): string {
  const hex = createHash('sha256').update(`${destinationId}:${deliveryId}`).digest('hex');
  // Version 4 and variant bits set, as a UUID generated any way LINE accepts.
  const v = `4${hex.slice(13, 16)}`;
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16) + hex.slice(17, 20);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${v}-${variant}-${hex.slice(20, 32)}`;
}

/** A receiver that has not answered within this long has failed the attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** What is kept of a refusing receiver's answer, for Admin. */
const ANSWER_SNIPPET = 200;

export interface DeliveryOutcome {
  /** A 2xx answer. */
  delivered: boolean;
  httpStatus: number | null;
  /** Why it did not count: the status and the start of the answer, or the network error. */
  error: string | null;
}

/**
 * POSTs one body to a destination: JSON, and for `signed` the timestamp, the
 * signature and the idempotency key (decision 0069); for `line` the channel
 * access token as a bearer token and a retry key (decision 0076). Redirects are not
 * followed (a 3xx fails the attempt), so the address Admin saw is the only
 * one that receives alerts.
 */
export async function deliverWebhook(
  destination: Pick<WebhookDestination, 'id' | 'format' | 'url' | 'secret' | 'chatId'>,
  body: string,
  deliveryId: string,
  now: Date,
  apis: ChatApis = CHAT_APIS,
): Promise<DeliveryOutcome> {
  // No chat has bound itself yet (decision 0076): a failed attempt, retried with backoff.
  if (destination.format === 'line' && destination.chatId === null)
    return {
      delivered: false,
      httpStatus: null,
      error: 'no LINE chat is bound yet: send the binding code to the Official Account',
    };
  const outcome = await post(destination, body, deliveryId, now, apis);
  // A Telegram address holds the bot token, a LINE request the channel access token: no
  // error text may carry either to a log or to Admin.
  if (outcome.error === null) return outcome;
  if (destination.format === 'telegram')
    return { ...outcome, error: withoutToken(outcome.error, destination.secret) };
  if (destination.format === 'line')
    return { ...outcome, error: withoutLineToken(outcome.error, destination.secret) };
  return outcome;
}

function addressOf(
  destination: Pick<WebhookDestination, 'format' | 'url' | 'secret'>,
  apis: ChatApis,
): string {
  if (destination.format === 'telegram') return telegramUrl(apis.telegram, destination.secret);
  if (destination.format === 'line') return linePushUrl(apis.line);
  return destination.url;
}

async function post(
  destination: Pick<WebhookDestination, 'id' | 'format' | 'url' | 'secret'>,
  body: string,
  deliveryId: string,
  now: Date,
  apis: ChatApis,
): Promise<DeliveryOutcome> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Wattboard-Webhooks/1',
  };
  if (destination.format === 'signed') {
    const timestamp = Math.floor(now.getTime() / 1000);
    headers['x-wattboard-timestamp'] = String(timestamp);
    headers['x-wattboard-signature'] = webhookSignature(destination.secret, timestamp, body);
    headers['idempotency-key'] = deliveryId;
  }
  if (destination.format === 'line') {
    headers.authorization = `Bearer ${destination.secret}`;
    headers['x-line-retry-key'] = lineRetryKey(deliveryId, destination.id);
  }
  try {
    const response = await fetch(addressOf(destination, apis), {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    // LINE answers 409 to a retry key it accepted before: that message went out.
    const acceptedBefore = destination.format === 'line' && response.status === 409;
    if ((response.status >= 200 && response.status < 300) || acceptedBefore) {
      await response.body?.cancel();
      return { delivered: true, httpStatus: response.status, error: null };
    }
    const answer = (await response.text().catch(() => '')).slice(0, ANSWER_SNIPPET);
    return {
      delivered: false,
      httpStatus: response.status,
      error: `HTTP ${response.status}${answer ? `: ${answer}` : ''}`,
    };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const text =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`
        : cause instanceof Error
          ? cause.message
          : String(cause);
    return { delivered: false, httpStatus: null, error: text };
  }
}
