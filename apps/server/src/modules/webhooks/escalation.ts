import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../platform/db/db.ts';
import { MINUTE_MS } from '@wattboard/zone-time';
import { wantsEvent } from './calc/payload.ts';
import { ESCALATING_KINDS, ESCALATION_WINDOW_MS, escalationDue } from './calc/escalation.ts';
import { listEscalationDestinations, openEventsToEscalate } from './repo/escalation.ts';
import { queueEscalation } from './repo/outbox.ts';

/** How often open alarms are checked against the escalation destinations. */
export const ESCALATION_CHECK_MS = 60_000;

/**
 * One escalation check (decision 0072): for every enabled escalation
 * destination, the unresolved alarms of its factory that have been open for
 * its minutes are queued to it, each once (the outbox's unique escalation
 * row; several instances checking at once queue it once too). The clock is a
 * parameter, so a test moves it instead of sleeping. Returns how many were queued.
 */
export async function checkEscalations(
  db: Queryable,
  now: Date,
  log?: Pick<FastifyBaseLogger, 'info'>,
): Promise<number> {
  const destinations = await listEscalationDestinations(db);
  let queued = 0;
  for (const destination of destinations) {
    const after = destination.escalateAfterMinutes!;
    const dueBy = new Date(now.getTime() - after * MINUTE_MS);
    const since = new Date(dueBy.getTime() - ESCALATION_WINDOW_MS);
    const candidates = await openEventsToEscalate(
      db,
      destination,
      [...ESCALATING_KINDS],
      dueBy,
      since,
    );
    for (const row of candidates) {
      const event = {
        kind: row.kind,
        openedAt: new Date(row.opened_at),
        resolvedAt: row.resolved_at === null ? null : new Date(row.resolved_at),
      };
      const wants = (kind: string) => wantsEvent(destination, kind);
      if (!escalationDue(event, { escalateAfterMinutes: after, wants }, now.getTime())) continue;
      if (await queueEscalation(db, Number(row.id), destination, now)) {
        queued += 1;
        log?.info(
          { eventId: Number(row.id), destinationId: destination.id },
          'webhooks: alarm escalated',
        );
      }
    }
  }
  return queued;
}
