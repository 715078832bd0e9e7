import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a `signed` webhook (decision 0069): HMAC-SHA256 with the
 * destination's secret over `{timestamp}.{body}`, hex, as `v1=<hex>`. The
 * timestamp (Unix seconds) is sent beside it, so a receiver can refuse an old
 * message replayed, and it is inside what is signed, so it cannot be changed.
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `v1=${mac}`;
}

/**
 * What a receiver does (docs/webhooks.md shows it in a few lines): recompute,
 * compare in constant time, and refuse a timestamp more than `toleranceS` off.
 */
export function verifyWebhookSignature(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  nowS: number,
  toleranceS = 300,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowS - timestamp) > toleranceS) return false;
  const expected = Buffer.from(webhookSignature(secret, timestamp, body));
  const given = Buffer.from(headers.signature ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
