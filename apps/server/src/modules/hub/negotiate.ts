import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HUB_PATH, StatusCode } from '@wattboard/contract';
import { bearerToken } from '../../platform/http/token.ts';
import {
  findSession,
  PASSWORD_CHANGE_REQUIRED,
  sessionMayCall,
  type AuthContext,
} from '../auth/index.ts';
import { sendError } from '../../platform/http/error-handler.ts';
import type { Queryable } from '../../platform/db/db.ts';
import {
  CONNECTION_TOKEN_LIFETIME_MS,
  newConnectionId,
  signConnectionToken,
} from './connection-token.ts';

/** Exactly what the client expects (no url, accessToken, error or stateful reconnect). */
export interface NegotiateResponse {
  negotiateVersion: 1;
  connectionId: string;
  connectionToken: string;
  availableTransports: { transport: 'WebSockets'; transferFormats: ['Text', 'Binary'] }[];
}

export function negotiateResponse(
  connectionId: string,
  connectionToken: string,
): NegotiateResponse {
  return {
    negotiateVersion: 1,
    connectionId,
    connectionToken,
    availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
  };
}

/**
 * The bearer token: the Authorization header (negotiate, Node clients) or the
 * `access_token` query parameter (browsers cannot set headers on a WebSocket).
 */
export function hubAccessToken(
  authorization: string | undefined,
  query: URLSearchParams,
): string | undefined {
  const fromQuery = query.get('access_token')?.trim();
  return bearerToken(authorization) ?? (fromQuery ? fromQuery : undefined);
}

/** The session behind the hub request's token, or null (no, unknown, revoked or expired token). */
export async function hubSession(
  db: Queryable,
  authorization: string | undefined,
  query: URLSearchParams,
): Promise<AuthContext | null> {
  const token = hubAccessToken(authorization, query);
  return token ? findSession(db, token) : null;
}

function queryOf(request: FastifyRequest): URLSearchParams {
  return new URL(request.url, 'http://hub.invalid').searchParams;
}

/** POST /notificationHub/negotiate?negotiateVersion=1 (docs/product/live-hub.md, Negotiate). */
export function registerNegotiateRoute(
  app: FastifyInstance,
  secret: string,
  now: () => number,
): void {
  const schema = {
    summary: 'SignalR negotiate for the notification hub (bearer token)',
    security: [{ bearer: [] }],
  };
  app.post(`${HUB_PATH}/negotiate`, { schema }, async (request, reply) => {
    const session = await hubSession(app.db, request.headers.authorization, queryOf(request));
    if (!session) {
      return sendError(request, reply, 401, {
        statusCode: StatusCode.TokenExpired,
        message: 'Sign in first: the hub needs a valid bearer token.',
      });
    }
    // No socket for a session that must first replace its one-time password.
    if (!sessionMayCall(session, undefined)) {
      return sendError(request, reply, PASSWORD_CHANGE_REQUIRED.httpStatus, {
        ...PASSWORD_CHANGE_REQUIRED.body,
      });
    }
    const connectionId = newConnectionId();
    const connectionToken = signConnectionToken(
      {
        connectionId,
        userId: session.user.id,
        factoryId: session.factory.id,
        expiresAt: now() + CONNECTION_TOKEN_LIFETIME_MS,
      },
      secret,
    );
    return reply
      .header('cache-control', 'no-store')
      .send(negotiateResponse(connectionId, connectionToken));
  });
}
