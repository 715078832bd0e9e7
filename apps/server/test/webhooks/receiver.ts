import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What a refusing receiver answers: Telegram's JSON by default, or a plain text of one's own. */
export interface Refusal {
  contentType: string;
  body: string;
}

const TELEGRAM_REFUSAL: Refusal = {
  contentType: 'application/json',
  body: '{"ok":false,"description":"Bad Request"}',
};

/**
 * A real HTTP receiver on an ephemeral port: records every request; `answers`
 * (status codes) are used up in order, then 200. It stands in for a Teams
 * Workflow, a Slack hook or Telegram's Bot API alike.
 */
export async function startReceiver(refusal: Refusal = TELEGRAM_REFUSAL) {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = answers.shift() ?? 200;
      if (status === 200) {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      } else {
        response.writeHead(status, { 'content-type': refusal.contentType }).end(refusal.body);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { received, answers, base, close: () => new Promise((r) => server.close(r)) };
}
