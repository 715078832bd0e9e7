import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GATEWAY_CONFIG_PATH,
  gatewayConfigResponse,
  type GatewayConfigResponse,
} from '@wattboard/contract/gateway-config';
import { configVersion } from './calc/gateway-transport.ts';
import { markGatewaySeen } from './repo/gateway-key.ts';
import { gatewayConfigMeters } from './repo/gateway-meters.ts';
import { userTemplatesByNumber } from './repo/user-templates.ts';
import { toDefinition, userTemplateNumber } from './calc/user-template.ts';

/**
 * GET /v1/Gateway/Config (gateway key): the meters Admin › Gateways set for this gateway. The
 * version is the ETag; a gateway sending it back in If-None-Match gets 304 and no body, so its
 * pull every 30 s costs one indexed query and no transfer while nothing changed.
 */
export function gatewayConfigRoute(
  app: FastifyInstance,
  authenticateGateway: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) {
  app.route({
    method: 'GET',
    url: GATEWAY_CONFIG_PATH,
    schema: {
      summary: "The gateway's meters as set in Admin › Gateways (gateway key; ETag)",
      security: [{ bearer: [] }],
      response: { 200: gatewayConfigResponse },
    },
    onRequest: authenticateGateway,
    handler: async (request, reply): Promise<GatewayConfigResponse | undefined> => {
      const gateway = request.gateway;
      if (!gateway) throw new Error('gateway config reached without a gateway');
      const meters = await gatewayConfigMeters(app.db, gateway.factoryId, gateway.gatewayId);
      // The Admin-defined templates its meters use travel with them (decision 0088).
      const numbers = [
        ...new Set(meters.map((m) => userTemplateNumber(m.template)).filter((n) => n !== null)),
      ];
      const drafts = await userTemplatesByNumber(app.db, gateway.factoryId, numbers);
      const templates = [...drafts].map(([n, draft]) => toDefinition(`user:${n}`, draft));
      const version = configVersion(gateway.gatewayId, meters, templates);
      await markGatewaySeen(app.db, gateway.gatewayId).catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not record the gateway as seen'),
      );
      void reply.header('etag', `"${version}"`);
      if (request.headers['if-none-match'] === `"${version}"`) {
        // The schema types the reply for 200 only; 304 carries no body to check.
        await (reply as FastifyReply).code(304).send();
        return undefined;
      }
      return { version, gatewayId: gateway.gatewayId, meters, templates };
    },
  });
}
