import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GATEWAY_HEALTH_PATH,
  gatewayHealthRequest,
  gatewayHealthResponse,
  type GatewayHealthRequest,
  type GatewayHealthResponse,
} from '@wattboard/contract/gateway-config';
import { storeGatewayHealth } from './repo/gateway-health.ts';

/**
 * POST /v1/Gateway/Health (gateway key, as GET /v1/Gateway/Config): the gateway's latest health,
 * per meter and its clock offset, shown in Admin › Gateways. The answer carries the server's time
 * so the gateway can measure its clock offset for the next report. A meter that stops answering
 * needs nothing from here to raise its offline event: its point gets no readings, and the offline
 * check (alarms/repo/offline.ts) raises it after 10 minutes, as for any silent meter.
 */
export function gatewayHealthRoute(
  app: FastifyInstance,
  authenticateGateway: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) {
  app.route({
    method: 'POST',
    url: GATEWAY_HEALTH_PATH,
    bodyLimit: 1_048_576,
    schema: {
      summary: "The gateway's meters' health and clock offset (gateway key)",
      security: [{ bearer: [] }],
      body: gatewayHealthRequest,
      response: { 200: gatewayHealthResponse },
    },
    onRequest: authenticateGateway,
    handler: async (request): Promise<GatewayHealthResponse> => {
      const gateway = request.gateway;
      if (!gateway) throw new Error('gateway health reached without a gateway');
      const now = new Date();
      const stored = await storeGatewayHealth(
        app.db,
        gateway.factoryId,
        gateway.gatewayId,
        request.body as GatewayHealthRequest,
        now,
      );
      return { serverTime: new Date().toISOString(), stored };
    },
  });
}
