import type { FastifyInstance } from 'fastify';
import { revokeSession } from '../auth/index.ts';
import { CLOSE_REASONS } from '../hub/index.ts';
import { sessionIdToken } from './repo.ts';

/**
 * Ends the session here as POST /User/SignOut does (its sockets close too)
 * and returns its provider ID token, if single sign-on started it.
 */
export async function revokeSessionOf(
  app: FastifyInstance,
  tokenHash: string,
): Promise<string | null> {
  const idToken = await sessionIdToken(app.db, tokenHash);
  await revokeSession(app.db, tokenHash);
  if (app.hasDecorator('hub')) {
    await app.hub.closeUserConnections({ tokenHash }, CLOSE_REASONS.signedOut);
  }
  return idToken;
}
