import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  errorResponse,
  pathParamNames,
  StatusCode,
  type CallDefinition,
  type StatusCodeValue,
} from '@wattboard/contract';
import type { AuthContext } from './plugin.ts';

/** A business outcome other than OK (spec §8): HTTP 200 with a statusCode and message. */
export type BusinessFailure = z.infer<typeof errorResponse>;

/** Turns a spec path's `{id}` segments into Fastify's `:id`. */
export function fastifyPath(specPath: string): string {
  return specPath.replace(/\{(\w+)\}/g, ':$1');
}

/** The response envelope (spec §3) filled from the caller's session. */
export function okEnvelope(action: string, auth: AuthContext | null) {
  return {
    action,
    statusCode: StatusCode.OK,
    email: auth?.user.email ?? null,
    username: auth?.user.username ?? null,
    token: auth?.token ?? null,
    dtTokenExpire: auth?.expiresAt.toISOString() ?? null,
  };
}

export function businessFailure(
  action: string,
  auth: AuthContext | null,
  statusCode: Exclude<StatusCodeValue, 200>,
  message: string,
): BusinessFailure {
  return { ...okEnvelope(action, auth), statusCode, message };
}

export interface CallContext<C extends CallDefinition> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The validated request: the body, or the path parameters of a `{id}`-style path. */
  body: z.output<C['request']>;
  /** Set whenever the call requires authentication. */
  auth: AuthContext | null;
}

export type CallHandler<C extends CallDefinition> = (
  context: CallContext<C>,
) => Promise<z.output<C['response']> | BusinessFailure | FastifyReply>;

/**
 * Registers a route straight from its contract definition: the request is
 * validated with the call's request schema, data calls pass the auth check
 * first, and the answer is checked against the call's response schema (or,
 * for a business failure, the error envelope) before it is sent.
 */
export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
): void {
  if (call.query) {
    throw new Error(`${call.path}: calls selected by a query string need a dispatching route`);
  }
  // A call with `{id}`-style path segments (PUT /v1/Event/{id}/resolve) has no
  // body: its request schema describes the path parameters instead.
  const fromPath = pathParamNames(call.path).length > 0;
  const bodySchema = call.method === 'GET' || fromPath ? undefined : call.request;
  app.route({
    method: call.method,
    url: fastifyPath(call.path),
    schema: {
      ...(bodySchema ? { body: bodySchema } : {}),
      ...(fromPath ? { params: call.request } : {}),
      response: { 200: z.union([call.response, errorResponse]) },
    },
    ...(call.auth ? { preHandler: app.authenticate } : {}),
    handler: (request, reply) =>
      handler({
        request,
        reply,
        body: (fromPath ? request.params : request.body) as z.output<C['request']>,
        auth: request.auth,
      }),
  });
}
