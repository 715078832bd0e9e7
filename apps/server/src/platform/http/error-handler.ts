import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { StatusCode, type ErrorResponse } from '@wattboard/contract';
import { describeValidationProblems } from './validation-message.ts';

/** The request path without its query string: the envelope's `action`. */
export function actionOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  httpStatus: number,
  body: Omit<ErrorResponse, 'action'> & Record<string, unknown>,
): FastifyReply {
  return reply
    .code(httpStatus)
    .type('application/json; charset=utf-8')
    .send({ action: actionOf(request), ...body });
}

/** Client errors Fastify itself raises, with the message a client should see. */
const FRAMEWORK_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Unsupported Content-Type; send application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'The Content-Length header does not match the body.',
  },
};

/**
 * The one error handler (docs/product/api-conventions.md): malformed input is a 400 naming the
 * field, framework client errors keep their status with a plain message, and
 * anything else is a 500 with a request id; details go only to the log.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return sendError(request, reply, 400, {
          statusCode: StatusCode.Fail,
          message: describeValidationProblems(error.validation),
        });
      }
      const known = error.code ? FRAMEWORK_CLIENT_ERRORS[error.code] : undefined;
      if (known) {
        return sendError(request, reply, known.status, {
          statusCode: StatusCode.Fail,
          message: known.message,
        });
      }
      if (error.validation) {
        // Validation by a non-zod schema (e.g. a plugin's own route).
        return sendError(request, reply, 400, {
          statusCode: StatusCode.Fail,
          message: describeValidationProblems(error.validation),
        });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, 'client error');
        return sendError(request, reply, status, {
          statusCode: StatusCode.Fail,
          message: error.message,
        });
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, 500, {
        statusCode: StatusCode.Fail,
        message: 'Internal server error',
        requestId: String(request.id),
      });
    });

    app.setNotFoundHandler((request, reply) =>
      sendError(request, reply, 404, {
        statusCode: StatusCode.Fail,
        message: `Not found: ${request.method} ${actionOf(request)}`,
      }),
    );
  },
  { name: 'error-handler' },
);
