import type { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StatusCode } from '@wattboard/contract';
import type { AuthContext } from './plugin.ts';
import { sendError } from '../../platform/http/error-handler.ts';
import { adminGate } from './admin-call.ts';
import { authenticatedCaller } from './register-call.ts';

/**
 * A file download of the Admin page (POST with the bearer token; the answer is
 * the file). The same gate as the other Admin calls; refusals answer JSON:
 * 403 for non-Admins, 404 with 1008 for another factory (as the report export).
 */
export function registerAdminExport<S extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  summary: string,
  body: S,
  handler: (context: {
    request: FastifyRequest;
    reply: FastifyReply;
    body: z.output<S>;
    auth: AuthContext;
    factoryId: number;
  }) => Promise<FastifyReply>,
): void {
  app.route({
    method: 'POST',
    url: path,
    schema: { summary, body },
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const auth = authenticatedCaller(request);
      const fields = request.body as z.output<S> & { factoryId?: number };
      const gate = await adminGate(request, reply, auth, path, fields.factoryId ?? 0);
      if (!('factoryId' in gate)) {
        if ('statusCode' in gate && gate.statusCode === StatusCode.FactoryNotFound) {
          return sendError(request, reply, 404, { ...gate, message: gate.message });
        }
        return gate;
      }
      return handler({ request, reply, body: fields, auth, factoryId: gate.factoryId });
    },
  });
}
