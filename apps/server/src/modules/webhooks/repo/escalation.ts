import type { Queryable } from '../../../platform/db/db.ts';
import { toDestination, type DestinationRow, type WebhookDestination } from './destinations.ts';

export interface OpenEventRow {
  id: number | string;
  kind: string;
  opened_at: Date | string;
  resolved_at: Date | string | null;
}

/** The enabled escalation destinations of every factory (a LINE one once a chat is bound). */
export async function listEscalationDestinations(db: Queryable): Promise<WebhookDestination[]> {
  const rows = await db.query<DestinationRow>(
    `SELECT * FROM webhook_destinations
      WHERE enabled AND escalate_after_minutes IS NOT NULL
        AND (format <> 'line' OR chat_id IS NOT NULL)
      ORDER BY factory_id, id`,
  );
  return rows.map(toDestination);
}

/**
 * The destination's factory's unresolved, unacknowledged events of `kinds`
 * opened in [since, dueBy], not yet escalated to it (an acknowledged alarm has
 * someone on it: decision 0077).
 */
export async function openEventsToEscalate(
  db: Queryable,
  destination: WebhookDestination,
  kinds: readonly string[],
  dueBy: Date,
  since: Date,
): Promise<OpenEventRow[]> {
  return db.query<OpenEventRow>(
    `SELECT e.id, e.kind, e.opened_at, e.resolved_at FROM events e
      WHERE e.factory_id = $1 AND e.state = 'unresolved' AND e.kind = ANY($2::text[])
        AND e.acknowledged_at IS NULL
        AND e.opened_at <= $3 AND e.opened_at >= $4
        AND NOT EXISTS (SELECT 1 FROM webhook_outbox o
                         WHERE o.factory_id = e.factory_id AND o.destination_id = $5
                           AND o.event_id = e.id AND o.escalation)
      ORDER BY e.id`,
    [destination.factoryId, [...kinds], dueBy, since, destination.id],
  );
}
