import type { FastifyInstance } from 'fastify';
import { CLOSE_REASONS, type CloseTarget } from '../hub/index.ts';

/**
 * Closes hub connections whose sessions were just revoked (after the commit),
 * on every instance. A hub failure is logged: the sessions are revoked
 * already, so the sockets fail their next session check anyway.
 */
export async function closeHubConnections(
  app: FastifyInstance,
  targets: readonly CloseTarget[],
): Promise<void> {
  // Apps built without the hub (some tests) have no sockets to close.
  if (!app.hasDecorator('hub')) return;
  for (const target of targets) {
    try {
      await app.hub.closeUserConnections(target, CLOSE_REASONS.sessionEnded);
    } catch (err) {
      app.log.error({ err, target }, 'admin: closing hub connections failed');
    }
  }
}
