import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for LINE's Messaging API (the real one cannot be reached
 * from here), implementing the two endpoints Wattboard calls as LINE's
 * reference documents them:
 * - POST /v2/bot/message/push  `{ to, messages }`, optional X-Line-Retry-Key
 *   (a hexadecimal UUID; a key accepted before answers 409);
 * - POST /v2/bot/message/reply `{ replyToken, messages }`;
 * both with `Authorization: Bearer {channel access token}` (401 otherwise),
 * a JSON body, 1 to 5 messages, a text message's `text` at most 5000
 * characters (400 otherwise). `answers` are status codes used up in order
 * before the normal answer.
 */
export interface LineCall {
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    to?: string;
    replyToken?: string;
    messages: { type: string; text: string }[];
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function problem(body: unknown, path: string): string | null {
  if (typeof body !== 'object' || body === null) return 'The request body has 1 error(s)';
  const b = body as Record<string, unknown>;
  if (path.endsWith('/push') && (typeof b.to !== 'string' || b.to === ''))
    return "Must not be empty: 'to'";
  if (path.endsWith('/reply') && (typeof b.replyToken !== 'string' || b.replyToken === ''))
    return 'Invalid reply token';
  const messages = b.messages;
  if (!Array.isArray(messages) || messages.length < 1 || messages.length > 5)
    return "Size must be between 1 and 5: 'messages'";
  for (const m of messages as Record<string, unknown>[]) {
    if (m.type !== 'text' || typeof m.text !== 'string' || m.text === '')
      return "Must not be empty: 'messages[0].text'";
    if (m.text.length > 5000) return "Length must be between 0 and 5000: 'messages[0].text'";
  }
  return null;
}

export async function startLineStandIn(channelToken: string) {
  const pushes: LineCall[] = [];
  const replies: LineCall[] = [];
  const answers: number[] = [];
  const acceptedKeys = new Set<string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const path = request.url ?? '';
      if (
        request.method !== 'POST' ||
        (path !== '/v2/bot/message/push' && path !== '/v2/bot/message/reply')
      )
        return send(404, { message: 'Not found' });
      if (request.headers.authorization !== `Bearer ${channelToken}`)
        return send(401, {
          message:
            'Authentication failed. Confirm that the access token in the authorization header is valid.',
        });
      if (!String(request.headers['content-type'] ?? '').startsWith('application/json'))
        return send(415, { message: 'Unsupported Media Type' });
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(400, { message: 'The request body has 1 error(s)' });
      }
      const wrong = problem(body, path);
      if (wrong) return send(400, { message: wrong });
      const retryKey = request.headers['x-line-retry-key'];
      if (retryKey !== undefined) {
        if (path.endsWith('/reply') || typeof retryKey !== 'string' || !UUID.test(retryKey))
          return send(400, { message: 'The retry key is invalid' });
        if (acceptedKeys.has(retryKey))
          return send(409, { message: 'The retry key is already accepted' });
      }
      const planned = answers.shift();
      if (planned !== undefined && planned !== 200)
        return send(planned, { message: 'An error occurred in the internal server' });
      if (typeof retryKey === 'string') acceptedKeys.add(retryKey);
      const call = { path, headers: request.headers, body: body as LineCall['body'] };
      (path.endsWith('/push') ? pushes : replies).push(call);
      // Push answers `{ sentMessages: [...] }`, reply `{ sentMessages: [...] }` as well.
      send(200, {
        sentMessages: [{ id: String(pushes.length + replies.length), quoteToken: 'q' }],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    pushes,
    replies,
    answers,
    acceptedKeys,
    close: () => new Promise((r) => server.close(r)),
  };
}

/**
 * How LINE signs a webhook request: base64 of HMAC-SHA256 keyed with the
 * channel secret over the body's bytes. Written here from LINE's reference,
 * apart from the server's helper, so the test checks it rather than echoes it.
 */
export const signAsLine = (channelSecret: string, body: string) =>
  createHmac('sha256', channelSecret).update(Buffer.from(body, 'utf8')).digest('base64');

let eventCount = 0;
/** A webhook message event as LINE posts it (Messaging API reference, message event). */
export function lineTextEvent(
  text: string,
  source:
    | { type: 'user'; userId: string }
    | { type: 'group'; groupId: string; userId?: string }
    | { type: 'room'; roomId: string; userId?: string },
  webhookEventId = `01JDW${String((eventCount += 1)).padStart(21, '0')}`,
) {
  return {
    type: 'message',
    mode: 'active',
    timestamp: Date.now(),
    source,
    webhookEventId,
    deliveryContext: { isRedelivery: false },
    replyToken: `reply-${webhookEventId}`,
    message: { id: String(eventCount), type: 'text', quoteToken: 'q', text },
  };
}
