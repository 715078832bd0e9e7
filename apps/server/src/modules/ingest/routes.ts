import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  StatusCode,
  ingestReadingsCall,
  type IngestRequest,
  type IngestResponse,
} from '@wattboard/contract';
import { findGatewayByKey, markGatewaySeen, type GatewayIdentity } from './repo/gateway-key.ts';
import { sendError } from '../../platform/http/error-handler.ts';
import { gatewayConfigRoute } from './gateway-config-route.ts';
import { gatewayHealthRoute } from './gateway-health-route.ts';
import { gatewayReadNowRoutes } from './read-now/gateway-routes.ts';

/** A full batch (5000 three-phase readings) is about 2 MB; the app-wide limit is 1 MB. */
export const INGEST_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

export const GATEWAY_KEY_MISSING = 'Send the gateway ingest key as "Authorization: Bearer <key>".';
export const GATEWAY_KEY_REFUSED = 'The gateway ingest key is unknown or revoked.';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on ingest requests once the gateway key checked out. */
    gateway: GatewayIdentity | null;
  }
}

/**
 * POST /v1/Ingest/Readings (docs/product/ingest-and-simulator.md). The key is checked before the body is
 * even read, so strangers learn nothing and cost little; the body schema checks
 * only the batch's shape, and each reading is then judged on its own. The answer
 * is sent after the accepted readings are committed, without waiting for the
 * alarms and hub pushes they cause.
 */
export interface IngestRouteOptions {
  /** RAW_RETENTION_DAYS: older readings are refused. */
  rawRetentionDays?: number;
}

export async function ingestRoutes(app: FastifyInstance, options: IngestRouteOptions = {}) {
  app.decorateRequest('gateway', null);

  const authenticateGateway = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const gateway = header ? await findGatewayByKey(app.db, header) : null;
    if (!gateway) {
      return sendError(request, reply, 401, {
        statusCode: StatusCode.TokenExpired,
        message: header ? GATEWAY_KEY_REFUSED : GATEWAY_KEY_MISSING,
      });
    }
    request.gateway = gateway;
    return undefined;
  };

  gatewayConfigRoute(app, authenticateGateway);
  gatewayHealthRoute(app, authenticateGateway);
  gatewayReadNowRoutes(app, authenticateGateway);

  app.route({
    method: ingestReadingsCall.method,
    url: ingestReadingsCall.path,
    bodyLimit: INGEST_BODY_LIMIT_BYTES,
    schema: {
      summary: 'Store a batch of meter readings (gateway key)',
      security: [{ bearer: [] }],
      body: ingestReadingsCall.request,
      response: { 200: ingestReadingsCall.response },
    },
    onRequest: authenticateGateway,
    handler: async (request): Promise<IngestResponse> => {
      const gateway = request.gateway;
      if (!gateway) throw new Error('ingest reached without a gateway');
      const { readings } = request.body as IngestRequest;
      // Answers once stored; alarms and the hub follow from the readings feed.
      const result = await app.ingest(gateway.factoryId, readings, {
        path: 'http',
        ...(options.rawRetentionDays !== undefined
          ? { retentionDays: options.rawRetentionDays }
          : {}),
      });
      await markGatewaySeen(app.db, gateway.gatewayId).catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not record the gateway as seen'),
      );
      if (result.rejected.length > 0) {
        request.log.info(
          { gatewayId: gateway.gatewayId, rejected: result.rejected.slice(0, 5) },
          `ingest rejected ${result.rejected.length} of ${readings.length} readings`,
        );
      }
      return {
        accepted: result.accepted,
        duplicates: result.duplicates,
        rejected: result.rejected,
      };
    },
  });
}
