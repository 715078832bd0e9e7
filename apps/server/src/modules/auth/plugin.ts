import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_MESSAGES,
  signOut,
  StatusCode,
  userAccount,
  userChangePassword,
} from '@wattboard/contract';
import { bearerToken } from '../../platform/http/token.ts';
import { sendError } from '../../platform/http/error-handler.ts';
import { type AuthContext, type AuthFactory, findSession } from './session.ts';
import { roleRefusal } from './role-gate.ts';
import { SessionCache } from './session-cache.ts';

// Where they always were for the rest of the server.
export { type AuthContext, type AuthFactory, findSession };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /**
     * The data-change feed was settled after this request arrived (by the session
     * lookup), so answer caches need no fence of their own (decision 0084).
     */
    dataSettled: boolean;
  }
  interface FastifyInstance {
    /** preHandler for data calls: HTTP 401 + 1007 unless the token and e-mail check out. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

function bodyField(body: unknown, field: 'token' | 'email'): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Token from the body and/or the bearer header; two different ones is an error, not a guess. */
export function requestToken(request: FastifyRequest): { token?: string; conflict: boolean } {
  const candidates = new Set(
    [bearerToken(request.headers.authorization), bodyField(request.body, 'token')].filter(
      (token): token is string => token !== undefined,
    ),
  );
  const [token] = candidates;
  return { token, conflict: candidates.size > 1 };
}

/**
 * The only calls a session with a one-time password may make (issue #13): who
 * am I, change my password, sign out. Every other data call, export and the
 * hub answer HTTP 403 + PasswordChangeRequired until the password is changed.
 */
export const PASSWORD_CHANGE_CALLS: ReadonlySet<string> = new Set(
  [userAccount, userChangePassword, signOut].map((call) => call.path),
);

/** Whether this session may make the call at `routeUrl` (the route's path as registered). */
export function sessionMayCall(session: AuthContext, routeUrl: string | undefined): boolean {
  return (
    !session.mustChangePassword || (routeUrl !== undefined && PASSWORD_CHANGE_CALLS.has(routeUrl))
  );
}

/** The refusal while a one-time password is in use (calls and hub negotiate). */
export const PASSWORD_CHANGE_REQUIRED = {
  httpStatus: 403,
  body: {
    statusCode: StatusCode.PasswordChangeRequired,
    message: ADMIN_MESSAGES.passwordChangeRequired,
  },
} as const;

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('dataSettled', false);
    const sessions = new SessionCache();

    const reject = (request: FastifyRequest, reply: FastifyReply, message: string) =>
      sendError(request, reply, 401, { statusCode: StatusCode.TokenExpired, message });

    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const { token, conflict } = requestToken(request);
      if (conflict) {
        await reject(request, reply, 'The body token and the Authorization bearer token differ.');
        return;
      }
      if (!token) {
        await reject(
          request,
          reply,
          'Sign in first: no token in the body or Authorization header.',
        );
        return;
      }
      const { session: found, settled } = await sessions.find(app.db, app.dataChanges, token);
      request.dataSettled = settled;
      if (!found) {
        await reject(request, reply, 'The token is unknown, signed out or expired. Sign in again.');
        return;
      }
      const email = bodyField(request.body, 'email');
      if (email !== undefined && email.toLowerCase() !== found.user.email) {
        await reject(request, reply, 'The e-mail does not belong to this token. Sign in again.');
        return;
      }
      if (!sessionMayCall(found, request.routeOptions.url)) {
        await sendError(
          request,
          reply,
          PASSWORD_CHANGE_REQUIRED.httpStatus,
          PASSWORD_CHANGE_REQUIRED.body,
        );
        return;
      }
      const refusal = roleRefusal(found, request.method, request.routeOptions.url);
      if (refusal) {
        await sendError(request, reply, 403, { statusCode: StatusCode.Fail, message: refusal });
        return;
      }
      request.auth = found;
    });
  },
  { name: 'auth', dependencies: ['db', 'error-handler'] },
);
