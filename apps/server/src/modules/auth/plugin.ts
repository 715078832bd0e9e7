import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_MESSAGES,
  signOut,
  type UserRole,
  StatusCode,
  userAccount,
  userChangePassword,
} from '@wattboard/contract';
import { bearerToken, hashToken } from '../../platform/http/token.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { sendError } from '../../platform/http/error-handler.ts';
import { findSessionRow } from './repo/sessions.ts';
import { roleRefusal } from './role-gate.ts';

export interface AuthFactory {
  id: number;
  name: string;
  nameZh: string;
  timeZone: string;
}

/** Who is calling, put on every authenticated request. */
export interface AuthContext {
  /** `role` is the stored one; effectiveRoleOf() makes the Admin user `admin`. */
  user: { id: number; email: string; username: string; role: UserRole };
  factory: AuthFactory;
  token: string;
  tokenHash: string;
  expiresAt: Date;
  /** A one-time password is still in use: only the calls of PASSWORD_CHANGE_CALLS answer. */
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
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
 * The live session a bearer token belongs to, or null when it is unknown,
 * signed out or expired. Shared by data calls and the notification hub.
 */
export async function findSession(
  db: Queryable,
  token: string,
  now: number = Date.now(),
): Promise<AuthContext | null> {
  const tokenHash = hashToken(token);
  const session = await findSessionRow(db, tokenHash);
  if (!session || session.revoked_at !== null || session.expires_at.getTime() <= now) return null;
  return {
    user: {
      id: session.user_id,
      email: session.email,
      username: session.username,
      role: session.role,
    },
    factory: {
      id: session.factory_id,
      name: session.factory_name,
      nameZh: session.factory_name_zh,
      timeZone: session.time_zone,
    },
    token,
    tokenHash,
    expiresAt: session.expires_at,
    mustChangePassword: session.must_change_password,
  };
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
      const found = await findSession(app.db, token);
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
