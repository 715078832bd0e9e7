import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GATEWAY_READ_NEXT_PATH,
  GATEWAY_READ_RESULT_PATH,
  GATEWAY_READ_WAIT_MAX_S,
  gatewayReadRequest,
  gatewayReadResultRequest,
  gatewayReadResultResponse,
  type GatewayReadResultRequest,
} from '@wattboard/contract/gateway-config';
import { readNowBroker } from './broker.ts';

/**
 * The seconds a `Prefer: wait=<s>` header asks for (RFC 7240), at most GATEWAY_READ_WAIT_MAX_S;
 * 0 without one, so a caller that does not ask to wait is answered at once.
 */
export function preferredWaitSeconds(header: string | string[] | undefined): number {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const match = /(?:^|[,;\s])wait\s*=\s*"?(\d{1,6})"?/i.exec(text);
  return match ? Math.min(Number(match[1]), GATEWAY_READ_WAIT_MAX_S) : 0;
}

/**
 * The gateway's side of "read now" (gateway key, decision 0088): a long poll for the next
 * request, and the answer to one. A key reaches only its own gateway's requests.
 */
export function gatewayReadNowRoutes(
  app: FastifyInstance,
  authenticateGateway: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) {
  const broker = readNowBroker(app);
  // A closing server answers the gateways' long polls at once rather than holding its close.
  app.addHook('preClose', (done) => {
    broker.releaseWaiters();
    done();
  });

  app.route({
    method: 'GET',
    url: GATEWAY_READ_NEXT_PATH,
    schema: {
      summary: 'The next "read now" request for this gateway (gateway key; Prefer: wait=<s>)',
      security: [{ bearer: [] }],
      response: { 200: gatewayReadRequest },
    },
    onRequest: authenticateGateway,
    handler: async (request, reply) => {
      const gateway = request.gateway;
      if (!gateway) throw new Error('read-now poll reached without a gateway');
      const waitMs = preferredWaitSeconds(request.headers.prefer) * 1000;
      // The response's close: its connection went away before an answer (the request's own
      // close comes as soon as its body is read).
      const next = await broker.next(gateway.gatewayId, waitMs, (cleanup) =>
        reply.raw.once('close', cleanup),
      );
      if (!next) {
        await (reply as FastifyReply).code(204).send();
        return undefined;
      }
      return next;
    },
  });

  app.route({
    method: 'POST',
    url: GATEWAY_READ_RESULT_PATH,
    schema: {
      summary: 'What a "read now" request read (gateway key)',
      security: [{ bearer: [] }],
      body: gatewayReadResultRequest,
      response: { 200: gatewayReadResultResponse },
    },
    onRequest: authenticateGateway,
    handler: async (request) => {
      const gateway = request.gateway;
      if (!gateway) throw new Error('read-now result reached without a gateway');
      const body = request.body as GatewayReadResultRequest;
      return { accepted: broker.answer(gateway.gatewayId, body.requestId, body.outcome) };
    },
  });
}
