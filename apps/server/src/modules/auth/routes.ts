import type { FastifyInstance } from 'fastify';
import { signIn, signOut, StatusCode } from '@wattboard/contract';
import type { Config } from '../../platform/config.ts';
import { hashPassword, scryptParams, verifyPassword } from './password.ts';
import { generateToken, hashToken, sessionExpiry } from '../../platform/http/token.ts';
import { retryAfterSeconds, tooManyAttemptsMessage } from './sign-in-limiter.ts';
import { SignInAttempts } from './repo/attempts.ts';
import { CLOSE_REASONS } from '../hub/index.ts';
import { sendError } from '../../platform/http/error-handler.ts';
import { businessFailure, okEnvelope, registerCall, registerCallerCall } from './register-call.ts';
import {
  DisabledMeanwhile,
  isDisabled,
  recordFailedSignIn,
  recordSignIn,
} from './repo/sign-in-audit.ts';
import { findUserByEmail, insertSession, revokeSession } from './repo/sessions.ts';
import { every, periodicTask } from '../../platform/periodic-task.ts';

export const WRONG_CREDENTIALS_MESSAGE = 'Email or password is incorrect.';

/** POST /User/SignIn and /User/SignOut (docs/product/api-conventions.md). */
export async function userRoutes(app: FastifyInstance, { config }: { config: Config }) {
  // Counted in the database before the password is checked (see modules/auth/repo/attempts.ts).
  const attempts = new SignInAttempts(app.db);
  const sweeps = periodicTask({
    name: 'sweeping old sign-in counters',
    log: app.log,
    run: () => attempts.sweep(Date.now()),
    next: every(10 * 60_000),
    failureLevel: 'warn',
  });
  sweeps.start();
  app.addHook('onClose', () => sweeps.stop());

  // An unknown e-mail is checked against this hash, so it costs the same as a wrong password.
  const dummyHash = hashPassword(generateToken(), scryptParams(config.scryptCost));

  registerCall(app, signIn, async ({ request, reply, body }) => {
    const account = body.email.toLowerCase();
    const now = Date.now();
    // Throttled attempts are answered without checking the password at all.
    const decision = await attempts.reserve(account, request.ip, now);
    if (!decision.allowed) {
      const seconds = retryAfterSeconds(decision.retryAfterMs);
      request.log.info({ account, seconds }, 'sign-in throttled');
      reply.header('Retry-After', String(seconds));
      return sendError(request, reply, 429, {
        statusCode: StatusCode.Fail,
        message: tooManyAttemptsMessage(decision.retryAfterMs),
        retryAfterSeconds: seconds,
      });
    }

    const user = await findUserByEmail(app.db, account);
    const matches = await verifyPassword(body.password, user?.password_hash ?? (await dummyHash));
    if (!user || !matches || isDisabled(user)) {
      // Already counted by reserve().
      if (user) await recordFailedSignIn(app.db, user, request.ip);
      request.log.info({ account, known: Boolean(user) }, 'sign-in failed');
      return {
        ...businessFailure(
          signIn.path,
          null,
          StatusCode.EMailOrPasswordError,
          WRONG_CREDENTIALS_MESSAGE,
        ),
        email: body.email,
      };
    }

    await attempts.succeeded(account, request.ip);
    const token = generateToken();
    const expiresAt = sessionExpiry(new Date(now));
    const started = await app.db
      .transaction(async (tx) => {
        await recordSignIn(tx, user, request.ip);
        await insertSession(tx, {
          tokenHash: hashToken(token),
          factoryId: user.factory_id,
          userId: user.id,
          expiresAt,
        });
        return true;
      })
      .catch((err: unknown) => {
        if (err instanceof DisabledMeanwhile) return false;
        throw err;
      });
    if (!started) {
      const failure = businessFailure(
        signIn.path,
        null,
        StatusCode.EMailOrPasswordError,
        WRONG_CREDENTIALS_MESSAGE,
      );
      return { ...failure, email: body.email };
    }
    return {
      action: signIn.path,
      statusCode: StatusCode.OK,
      email: user.email,
      username: user.username,
      token,
      dtTokenExpire: expiresAt.toISOString(),
    };
  });

  registerCallerCall(app, signOut, async ({ auth }) => {
    await revokeSession(app.db, auth.tokenHash);
    // Sockets opened with this token close on every instance; the user's other sessions stay.
    // (Apps built without the hub, as some tests do, have no sockets to close.)
    if (app.hasDecorator('hub')) {
      await app.hub.closeUserConnections({ tokenHash: auth.tokenHash }, CLOSE_REASONS.signedOut);
    }
    return { ...okEnvelope(signOut.path, auth), token: null, dtTokenExpire: null };
  });
}
