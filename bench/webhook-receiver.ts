// The alert bench's receiver (issue #28): a real HTTP server that records each delivery, and
// the check a receiver makes. The check follows docs/webhooks.md on its own rather than calling
// the server's verifyWebhookSignature, so a wrong signing scheme cannot pass by agreeing with itself.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** docs/webhooks.md's receiver check: HMAC-SHA256 over `{timestamp}.{body}`, within 5 minutes. */
export function isFromWattboard(
  secret: string,
  headers: IncomingHttpHeaders,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const timestamp = Number(headers['x-wattboard-timestamp']);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > 300) return false;
  const expected = Buffer.from(
    'v1=' + createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex'),
  );
  const signature = headers['x-wattboard-signature'];
  const given = Buffer.from(typeof signature === 'string' ? signature : '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface Delivery {
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export async function startReceiver(onDelivery: (delivery: Delivery) => void) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      onDelivery({ at, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/alarms`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
