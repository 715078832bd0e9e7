import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../platform/db/db.ts';
import { CLOSE_REASONS } from './close-order.ts';
import type { ConnectionRegistry } from './registry.ts';
import { endedSessions } from './repo/ended-sessions.ts';
import { every, periodicTask } from '../../platform/periodic-task.ts';

export interface SessionCheckDeps {
  db: Queryable;
  registry: ConnectionRegistry;
  now: () => number;
  log: FastifyBaseLogger;
  intervalMs: number;
}

/**
 * Every interval, closes this instance's connections whose session has ended.
 * The close orders of sign-out are immediate; this catches what they can miss:
 * an order published while Redis was unreachable, a sign-out that raced a
 * socket's upgrade, a session revoked in the database directly. One query per
 * interval for all connections. Returns a stop function.
 */
export function startSessionCheck(deps: SessionCheckDeps): () => Promise<void> {
  const check = async () => {
    const clients = [...deps.registry.all()];
    const ended = await endedSessions(deps.db, clients, deps.now());
    for (const client of clients) {
      if (ended(client)) {
        client.close({ error: CLOSE_REASONS.sessionEnded, allowReconnect: false });
      }
    }
  };
  const checks = periodicTask({
    name: 'hub session check',
    log: deps.log,
    run: check,
    next: every(deps.intervalMs),
    failureLevel: 'warn',
  });
  checks.start();
  return () => checks.stop();
}
