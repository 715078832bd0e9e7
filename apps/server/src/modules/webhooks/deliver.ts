import { webhookSignature } from './calc/signature.ts';
import { TELEGRAM_API_BASE, telegramUrl, withoutToken } from './calc/telegram.ts';
import type { WebhookDestination } from './repo/destinations.ts';

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
 * signature and the idempotency key (decision 0069). Redirects are not
 * followed (a 3xx fails the attempt), so the address Admin saw is the only
 * one that receives alerts.
 */
export async function deliverWebhook(
  destination: Pick<WebhookDestination, 'format' | 'url' | 'secret'>,
  body: string,
  deliveryId: string,
  now: Date,
  telegramApiBase = TELEGRAM_API_BASE,
): Promise<DeliveryOutcome> {
  const outcome = await post(destination, body, deliveryId, now, telegramApiBase);
  // A Telegram address holds the bot token: no error text may carry it to a log or to Admin.
  return destination.format === 'telegram' && outcome.error !== null
    ? { ...outcome, error: withoutToken(outcome.error, destination.secret) }
    : outcome;
}

async function post(
  destination: Pick<WebhookDestination, 'format' | 'url' | 'secret'>,
  body: string,
  deliveryId: string,
  now: Date,
  telegramApiBase: string,
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
  try {
    const url =
      destination.format === 'telegram'
        ? telegramUrl(telegramApiBase, destination.secret)
        : destination.url;
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    if (response.status >= 200 && response.status < 300) {
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
