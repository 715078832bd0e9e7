import type { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES, StatusCode, type CallDefinition } from '@wattboard/contract';
import type { AuditActor } from '../audit/index.ts';
import { resolveFactoryId } from './factory-access.ts';
import type { AuthContext } from './plugin.ts';
import { sendError } from '../../platform/http/error-handler.ts';
import {
  businessFailure,
  okEnvelope,
  registerCallerCall,
  type BusinessFailure,
} from './register-call.ts';
import { isFactoryAdmin } from './admin-rule.ts';

export interface AdminContext<C extends CallDefinition> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: z.output<C['request']>;
  auth: AuthContext;
  /** The caller's own factory (the only one an Admin call may touch). */
  factoryId: number;
  /** Who to write in the audit log. */
  actor: AuditActor;
  /** The envelope of an OK answer. */
  ok: ReturnType<typeof okEnvelope>;
  /** A business failure of this call (HTTP 200, statusCode and message). */
  fail: (statusCode: Parameters<typeof businessFailure>[2], message: string) => BusinessFailure;
}

export type AdminHandler<C extends CallDefinition> = (
  context: AdminContext<C>,
) => Promise<z.output<C['response']> | BusinessFailure | FastifyReply>;

/** The audit actor of a person's request. */
export function actorOf(auth: AuthContext, request: FastifyRequest): AuditActor {
  return { userId: auth.user.id, name: auth.user.username, address: request.ip };
}

/**
 * The checks every Admin call shares after sign-in (401, by the auth
 * preHandler): the Admin rule (403, never data), then the factory (0 = own;
 * another is 1008).
 */
export async function adminGate(
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  action: string,
  requestedFactoryId: number,
): Promise<{ factoryId: number } | FastifyReply | BusinessFailure> {
  if (!isFactoryAdmin(auth.user)) {
    return sendError(request, reply, 403, {
      ...okEnvelope(action, auth),
      statusCode: StatusCode.Fail,
      message: ADMIN_MESSAGES.forbidden,
    });
  }
  const factoryId = resolveFactoryId(requestedFactoryId, auth.factory.id);
  if (factoryId === null) {
    return businessFailure(
      action,
      auth,
      StatusCode.FactoryNotFound,
      ADMIN_MESSAGES.factoryNotFound,
    );
  }
  return { factoryId };
}

/** Registers an Admin call: the contract's validation, then adminGate, then the handler. */
export function registerAdminCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: AdminHandler<C>,
): void {
  registerCallerCall(app, call, async (context) => {
    const { request, reply, body, auth } = context;
    const requested = (body as { factoryId?: number }).factoryId ?? 0;
    const gate = await adminGate(request, reply, auth, call.path, requested);
    if (!('factoryId' in gate)) return gate;
    return handler({ ...context, factoryId: gate.factoryId, actor: actorOf(auth, request) });
  });
}
