import type { FastifyInstance } from 'fastify';
import { eventResolve, StatusCode } from '@wattboard/contract';
import { actorOf, businessFailure, okEnvelope, registerCallerCall } from '../auth/index.ts';
import { resolveEvent } from './repo/events.ts';
import { recordAudit } from '../audit/index.ts';
import { actionOf } from '../../platform/http/error-handler.ts';

export interface EventRoutesOptions {
  now?: () => Date;
}

export function eventNotFoundMessage(eventId: number): string {
  return `Alarm ${eventId} was not found in this factory.`;
}

/**
 * PUT /v1/Event/{id}/resolve: a person clears an alarm of their own
 * factory. Clearing one already cleared changes nothing and is still OK; the
 * factory's browsers get the refreshed lists after a change. A clear is written
 * to the audit log (`alarm.clear`: who, which event, which node) in the clear's
 * own transaction; a refused or repeated clear writes nothing.
 */
export async function eventRoutes(app: FastifyInstance, options: EventRoutesOptions = {}) {
  registerCallerCall(app, eventResolve, async ({ request, body, auth }) => {
    const factoryId = auth.factory.id;
    // The action is the path as called (/v1/Event/12/resolve), like every other call's.
    const action = actionOf(request);
    const now = options.now ? options.now() : new Date();
    const outcome = await app.db.transaction(async (tx) => {
      const result = await resolveEvent(tx, factoryId, body.id, auth.user.id, now);
      if (result.outcome === 'resolved') {
        await recordAudit(tx, {
          factoryId,
          actor: actorOf(auth, request),
          action: 'alarm.clear',
          target: { type: 'event', id: body.id },
          detail: { nodeId: result.nodeId, target: result.target },
        });
      }
      return result.outcome;
    });
    if (outcome === 'not-found') {
      return businessFailure(action, auth, StatusCode.DataNotFound, eventNotFoundMessage(body.id));
    }
    if (outcome === 'resolved') {
      await app.hub
        .refreshLists(factoryId)
        .catch((err: unknown) =>
          app.log.error({ err, factoryId }, 'alarms: the refreshed lists were not sent'),
        );
    }
    return {
      ...okEnvelope(action, auth),
      message: outcome === 'resolved' ? 'Alarm cleared.' : 'The alarm was already cleared.',
      alarmId: body.id,
    };
  });
}
