import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { StatusCode } from '@wattboard/contract';
import { sendError } from '../../platform/http/error-handler.ts';
import { recordAudit } from '../audit/index.ts';
import {
  LINE_CODE_MAX_FAILURES,
  LINE_WEBHOOK_PATH,
  lineCodeMatches,
  lineCodeTries,
  lineReplyBody,
  lineReplyText,
  lineReplyUrl,
  lineWebhookBody,
  verifyLineSignature,
  withoutLineToken,
  type LineCodeTry,
  type LineReply,
} from './calc/line.ts';
import type { ChatApis } from './deliver.ts';
import {
  bindLineChat,
  countLineCodeFailure,
  findLineDestination,
  lockLineChannel,
  rememberLineEvent,
} from './repo/line.ts';

/** A webhook body holds a few events; far more than that is not LINE's. */
export const LINE_BODY_LIMIT_BYTES = 256 * 1024;
/** A reply that has not gone out within this long is given up (the token lasts about a minute). */
const REPLY_TIMEOUT_MS = 10_000;
const REFUSED = 'The request is not signed by this destination’s LINE channel.';

const params = z.object({
  destinationId: z.coerce
    .number({ error: 'destinationId must be a number' })
    .int('destinationId must be a whole number')
    .min(1, 'destinationId must be at least 1')
    .max(2_147_483_647, 'destinationId is too large'),
});

export interface LineWebhookRouteOptions {
  apis: ChatApis;
  now?: () => Date;
}

/**
 * POST /v1/Line/Webhook/:destinationId (decision 0076): where the factory's
 * LINE Official Account posts its webhook events. No session: the body must
 * carry the X-Line-Signature of that destination's channel secret (401, with
 * no detail, otherwise). A six-digit text equal to the destination's live
 * binding code binds the chat it came from; a wrong or expired code is told
 * so; everything else is ignored. Answers 200 at once (LINE's Verify button
 * sends no events); the replies go out after the answer.
 */
export async function lineWebhookRoutes(app: FastifyInstance, options: LineWebhookRouteOptions) {
  const now = options.now ?? (() => new Date());
  // The signature is over the body's bytes as sent: this scope keeps them unparsed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: LINE_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );
  const replies = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...replies]);
  });

  async function sendReply(token: string, replyToken: string, text: string): Promise<void> {
    const response = await fetch(lineReplyUrl(options.apis.line), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'user-agent': 'Wattboard-Webhooks/1',
      },
      body: lineReplyBody(replyToken, text),
      redirect: 'manual',
      signal: AbortSignal.timeout(REPLY_TIMEOUT_MS),
    });
    const answer = await response.text().catch(() => '');
    if (response.status < 200 || response.status >= 300)
      throw new Error(`HTTP ${response.status}: ${answer.slice(0, 200)}`);
  }

  app.post(`${LINE_WEBHOOK_PATH}/:destinationId`, {
    bodyLimit: LINE_BODY_LIMIT_BYTES,
    schema: {
      summary: 'LINE Messaging API webhook of a LINE destination (signed with X-Line-Signature)',
      params,
    },
    handler: async (request, reply) => {
      const { destinationId } = params.parse(request.params);
      const raw = Buffer.isBuffer(request.body) ? request.body : null;
      const signature = request.headers['x-line-signature'];
      const destination = raw ? await findLineDestination(app.db, destinationId) : null;
      const signed =
        destination !== null &&
        raw !== null &&
        verifyLineSignature(
          destination.lineChannelSecret ?? '',
          raw,
          typeof signature === 'string' ? signature : undefined,
        );
      if (!signed || !destination || !raw)
        return sendError(request, reply, 401, { statusCode: StatusCode.Fail, message: REFUSED });

      let events: unknown[] = [];
      try {
        const parsed = lineWebhookBody.safeParse(JSON.parse(raw.toString('utf8')));
        if (parsed.success) events = parsed.data.events;
      } catch {
        // Signed but not JSON: nothing to act on.
      }
      const answers: { replyToken: string; text: string }[] = [];
      for (const codeTry of lineCodeTries(events)) {
        const outcome = await tryCode(destination.id, codeTry, request.ip);
        if (outcome && codeTry.replyToken)
          answers.push({
            replyToken: codeTry.replyToken,
            text: lineReplyText(outcome, destination.factory, codeTry.chatType),
          });
      }
      for (const answer of answers) {
        const sent = sendReply(destination.secret, answer.replyToken, answer.text)
          .catch((error: unknown) => {
            const text = error instanceof Error ? error.message : String(error);
            request.log.warn(
              { destinationId: destination.id, error: withoutLineToken(text, destination.secret) },
              'line: reply not sent',
            );
          })
          .finally(() => replies.delete(sent));
        replies.add(sent);
      }
      return reply.code(200).send({});
    },
  });

  /**
   * One code try, in a transaction holding the channel's destinations: null
   * for a redelivered event (acted on before: no second reply). The code may
   * be any live one of the factory's destinations on this channel (one
   * Webhook URL serves them all); a wrong code counts against each live one.
   */
  function tryCode(id: number, codeTry: LineCodeTry, address: string) {
    return app.db.transaction(async (tx): Promise<LineReply | null> => {
      const posted = await findLineDestination(tx, id);
      if (!posted?.lineChannelSecret) return null;
      const channel = await lockLineChannel(tx, posted.factoryId, posted.lineChannelSecret);
      const at = now();
      if (!(await rememberLineEvent(tx, posted, codeTry.webhookEventId, at))) return null;
      const live = channel.filter(
        (d) => d.codeHash !== null && d.codeExpiresAt !== null && d.codeExpiresAt > at,
      );
      if (live.length === 0) return 'expired';
      const destination = live.find((d) => lineCodeMatches(codeTry.code, d.codeHash!));
      if (!destination) {
        for (const d of live) await countLineCodeFailure(tx, d, LINE_CODE_MAX_FAILURES);
        return 'wrong';
      }
      await bindLineChat(tx, destination, codeTry.chatId, codeTry.chatType);
      await recordAudit(tx, {
        factoryId: destination.factoryId,
        actor: { userId: null, name: `LINE ${codeTry.chatType}`, address },
        action: 'webhook.line.bind',
        target: { type: 'webhook', id: destination.id },
        // Which kind of chat, never its id (a LINE user id is personal data).
        detail: { name: destination.name, chatType: codeTry.chatType },
      });
      return 'bound';
    });
  }
}
