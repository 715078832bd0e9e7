import fp from 'fastify-plugin';
import { errorCodes } from 'fastify';
import { parseJsonBody } from './json-body.ts';

/** A refused key: a 400 whose message the error handler passes on as it is. */
class ForbiddenJsonKeyError extends Error {
  readonly statusCode = 400;
  readonly code = 'WB_FORBIDDEN_JSON_KEY';
}

/**
 * Fastify's JSON parser answers every refusal, a "__proto__" key included, as
 * "not valid JSON". This one tells the two apart (platform/http/json-body.ts). Body
 * limits stay Fastify's (the server's, or a route's own such as ingest's).
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = String(body);
      if (text.length === 0) return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
      const parsed = parseJsonBody(text);
      if (parsed.ok) return done(null, parsed.value);
      if (parsed.problem === 'syntax') {
        return done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
      }
      return done(new ForbiddenJsonKeyError(parsed.message), undefined);
    });
  },
  { name: 'json-body' },
);
