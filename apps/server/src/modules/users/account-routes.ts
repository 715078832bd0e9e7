import type { FastifyInstance } from 'fastify';
import { ADMIN_MESSAGES, StatusCode, userAccount, userChangePassword } from '@wattboard/contract';
import {
  actorOf,
  businessFailure,
  effectiveRoleOf,
  hashPassword,
  isFactoryAdmin,
  okEnvelope,
  passwordPolicyMessage,
  registerCallerCall,
  retryAfterSeconds,
  scryptParams,
  SignInAttempts,
  tooManyAttemptsMessage,
  verifyPassword,
} from '../auth/index.ts';
import { closeHubConnections } from './user-sessions.ts';
import { recordAudit } from '../audit/index.ts';
import type { Config } from '../../platform/config.ts';
import { sendError } from '../../platform/http/error-handler.ts';
import { findUser, passwordHashOf, revokeSessions, setUserPassword } from './repo.ts';

/** The signed-in user's own account: what it is, and "change my password". */
export async function accountRoutes(app: FastifyInstance, config: Config) {
  const scrypt = scryptParams(config.scryptCost);
  // A wrong current password counts like a failed sign-in (no guessing through this door).
  const attempts = new SignInAttempts(app.db);

  registerCallerCall(app, userAccount, async ({ auth }) => {
    const user = await findUser(app.db, auth.factory.id, auth.user.id);
    if (!user) throw new Error('a live session without its user');
    return {
      ...okEnvelope(userAccount.path, auth),
      userId: user.id,
      username: user.username,
      isAdmin: isFactoryAdmin(user),
      role: effectiveRoleOf(user),
      mustChangePassword: user.mustChangePassword,
      lastSignInAt: user.lastSignInAt,
    };
  });

  registerCallerCall(app, userChangePassword, async ({ request, reply, body, auth }) => {
    const fail = (statusCode: 201 | 1002, message: string) =>
      businessFailure(userChangePassword.path, auth, statusCode, message);
    const decision = await attempts.reserve(auth.user.email, request.ip, Date.now());
    if (!decision.allowed) {
      const seconds = retryAfterSeconds(decision.retryAfterMs);
      reply.header('Retry-After', String(seconds));
      return sendError(request, reply, 429, {
        statusCode: StatusCode.Fail,
        message: tooManyAttemptsMessage(decision.retryAfterMs),
        retryAfterSeconds: seconds,
      });
    }
    if (!(await verifyPassword(body.oldPassword, await passwordHashOf(app.db, auth.user.id)))) {
      return fail(StatusCode.EMailOrPasswordError, ADMIN_MESSAGES.wrongPassword);
    }
    await attempts.succeeded(auth.user.email, request.ip);
    if (body.newPassword === body.oldPassword) {
      return fail(StatusCode.Fail, ADMIN_MESSAGES.samePassword);
    }
    const refused = passwordPolicyMessage(body.newPassword, auth.user.email);
    if (refused) return fail(StatusCode.Fail, refused);
    const passwordHash = await hashPassword(body.newPassword, scrypt);
    const revoked = await app.db.transaction(async (tx) => {
      await setUserPassword(tx, auth.factory.id, auth.user.id, passwordHash, false);
      const hashes = await revokeSessions(tx, auth.user.id, auth.tokenHash);
      await recordAudit(tx, {
        factoryId: auth.factory.id,
        actor: actorOf(auth, request),
        action: 'password.change',
        target: { type: 'user', id: auth.user.id },
        detail: { revokedSessions: hashes.length },
      });
      return hashes;
    });
    await closeHubConnections(
      app,
      revoked.map((tokenHash) => ({ tokenHash })),
    );
    return {
      ...okEnvelope(userChangePassword.path, auth),
      message: 'Password changed.',
      revokedSessions: revoked.length,
    };
  });
}
