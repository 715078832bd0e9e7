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
import { resolveFactoryId } from './factory-access.ts';
import { ZoneClock } from '@wattboard/zone-time';
import { FACTORY_NOT_FOUND_MESSAGE } from '../../platform/http/not-found-messages.ts';

/** A business outcome other than OK: HTTP 200 with a statusCode and message. */
export type BusinessFailure = z.infer<typeof errorResponse>;

/** Turns a call path's `{id}` segments into Fastify's `:id`. */
export function fastifyPath(specPath: string): string {
  return specPath.replace(/\{(\w+)\}/g, ':$1');
}

/** The response envelope filled from the caller's session. */
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

/**
 * The session of a request whose route ran `app.authenticate` first (which
 * answers 401 without one): the one place a missing session is a server bug.
 */
export function authenticatedCaller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error(`${request.url}: route without the authenticate preHandler`);
  return request.auth;
}

/** What a signed-in call's handler gets: the caller is never null. */
export interface CallerContext<C extends CallDefinition> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: z.output<C['request']>;
  /** The caller's session: never null, the auth check ran first. */
  auth: AuthContext;
  /** The envelope of an OK answer for this caller. */
  ok: ReturnType<typeof okEnvelope>;
  /** A business failure of this call (HTTP 200 with the statusCode and message). */
  fail: (statusCode: Exclude<StatusCodeValue, 200>, message: string) => BusinessFailure;
}

export type CallerHandler<C extends CallDefinition> = (
  context: CallerContext<C>,
) => Promise<z.output<C['response']> | BusinessFailure | FastifyReply>;

/**
 * Registers a call that needs a session (the contract says `auth: true`): the
 * auth check runs first, so the handler always has its caller.
 */
export function registerCallerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: CallerHandler<C>,
): void {
  if (!call.auth) throw new Error(`${call.path}: a call without authentication has no caller`);
  registerCall(app, call, ({ request, reply, body }) => {
    const caller = authenticatedCaller(request);
    return handler({
      request,
      reply,
      body,
      auth: caller,
      ok: okEnvelope(call.path, caller),
      fail: (statusCode, message) => businessFailure(call.path, caller, statusCode, message),
    });
  });
}

/** What the handler of a call about one factory gets: the caller and the factory, both checked. */
export interface FactoryCallContext<C extends CallDefinition> extends CallerContext<C> {
  /** The factory asked for: the caller's own (a request's 0 means "mine"). */
  factoryId: number;
  /** The factory's clock: its zone's local dates and times. */
  clock: ZoneClock;
}

type FactoryCall = CallDefinition & { request: z.ZodType<{ factoryId: number }> };

/**
 * Registers a call that names a factory in `body.factoryId`: 0 or the
 * caller's own id; any other answers 1008 FactoryNotFound before the handler
 * runs, so no handler can read another tenant's factory.
 */
export function registerFactoryCall<C extends FactoryCall>(
  app: FastifyInstance,
  call: C,
  handler: (context: FactoryCallContext<C>) => ReturnType<CallerHandler<C>>,
): void {
  registerCallerCall(app, call, (context) => {
    const factoryId = resolveFactoryId(context.body.factoryId, context.auth.factory.id);
    if (factoryId === null) {
      return Promise.resolve(context.fail(StatusCode.FactoryNotFound, FACTORY_NOT_FOUND_MESSAGE));
    }
    return handler({ ...context, factoryId, clock: new ZoneClock(context.auth.factory.timeZone) });
  });
}
