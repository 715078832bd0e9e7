/**
 * events rows: open one per node+target episode (further breaches update the
 * open one), the factory's test event, and resolving by a person.
 */
import type { Queryable } from '../../../platform/db/db.ts';
import { EVENT_ROW_COLUMNS, type EventRow } from '../../hub/index.ts';
import type { Limits } from '../targets.ts';
import type { EventTexts } from '../texts.ts';

export type EventKind = 'threshold' | 'offline' | 'test' | 'demand' | 'anomaly';

export interface EventDraft {
  nodeId: number;
  /** An alarm target, or 'offline', or 'anomaly'. */
  target: string;
  kind: Exclude<EventKind, 'test'>;
  texts: EventTexts;
  value: number | null;
  limits: Limits;
  openedAt: Date;
  lastBreachAt: Date;
}

export interface UpsertedEvent {
  row: EventRow;
  nodeId: number;
  target: string;
  /** True when this statement opened it; false when an open one was updated. */
  opened: boolean;
}

/**
 * Opens an event for each draft, or, where the node+target already has an open
 * one, records the newer breach on it. The partial unique index on open events
 * decides, so concurrent batches (or instances) never open two.
 */
export async function upsertNodeEvents(
  tx: Queryable,
  factoryId: number,
  drafts: readonly EventDraft[],
): Promise<UpsertedEvent[]> {
  if (drafts.length === 0) return [];
  const rows = await tx.query<EventRow & { node_id: number; target: string; opened: boolean }>(
    `INSERT INTO events AS e (factory_id, node_id, target, kind, title_en, desc_en, title_zh,
                              desc_zh, value, threshold_low, threshold_high, opened_at,
                              last_breach_at)
     SELECT $1, d.node_id, d.target, d.kind, d.title_en, d.desc_en, d.title_zh, d.desc_zh,
            d.value, d.low, d.high, d.opened_at, d.last_breach_at
       FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                   $8::text[], $9::float8[], $10::float8[], $11::float8[], $12::timestamptz[],
                   $13::timestamptz[])
            AS d (node_id, target, kind, title_en, desc_en, title_zh, desc_zh, value, low, high,
                  opened_at, last_breach_at)
     ON CONFLICT (node_id, target, factory_id) WHERE state = 'unresolved' DO UPDATE
        SET value = CASE WHEN EXCLUDED.last_breach_at >= e.last_breach_at
                         THEN EXCLUDED.value ELSE e.value END,
            last_breach_at = greatest(e.last_breach_at, EXCLUDED.last_breach_at)
     RETURNING ${EVENT_ROW_COLUMNS}, node_id, target, (xmax = 0) AS opened`,
    [
      factoryId,
      drafts.map((d) => d.nodeId),
      drafts.map((d) => d.target),
      drafts.map((d) => d.kind),
      drafts.map((d) => d.texts.titleEn),
      drafts.map((d) => d.texts.descEn),
      drafts.map((d) => d.texts.titleZh),
      drafts.map((d) => d.texts.descZh),
      drafts.map((d) => d.value),
      drafts.map((d) => d.limits.low),
      drafts.map((d) => d.limits.high),
      drafts.map((d) => d.openedAt.toISOString()),
      drafts.map((d) => d.lastBreachAt.toISOString()),
    ],
  );
  return rows.map(({ node_id, target, opened, ...row }) => ({
    row,
    nodeId: node_id,
    target,
    opened,
  }));
}

/** Serialises test alarms per factory: test events have no node, so the unique index cannot. */
const TEST_EVENT_LOCK = 72_617_004;

/** Opens the factory's test event, or records another trigger on the one still open. */
export async function upsertTestEvent(
  tx: Queryable,
  factoryId: number,
  texts: EventTexts,
  now: Date,
): Promise<{ row: EventRow; opened: boolean }> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [TEST_EVENT_LOCK, factoryId]);
  const open = await tx.query<EventRow>(
    `UPDATE events SET last_breach_at = greatest(last_breach_at, $2::timestamptz)
      WHERE factory_id = $1 AND node_id IS NULL AND target = 'test' AND state = 'unresolved'
      RETURNING ${EVENT_ROW_COLUMNS}`,
    [factoryId, now.toISOString()],
  );
  if (open[0]) return { row: open[0], opened: false };
  const inserted = await tx.query<EventRow>(
    `INSERT INTO events (factory_id, node_id, target, kind, title_en, desc_en, title_zh, desc_zh,
                         opened_at, last_breach_at)
     VALUES ($1, NULL, 'test', 'test', $2, $3, $4, $5, $6, $6)
     RETURNING ${EVENT_ROW_COLUMNS}`,
    [factoryId, texts.titleEn, texts.descEn, texts.titleZh, texts.descZh, now.toISOString()],
  );
  const row = inserted[0];
  if (!row) throw new Error('Opening the test event returned no row');
  return { row, opened: true };
}

export type ResolveOutcome = 'resolved' | 'already-resolved' | 'not-found';

/** What a clear changed: the event's node (null for a test alarm) and alarm target. */
export interface ResolveResult {
  outcome: ResolveOutcome;
  nodeId: number | null;
  target: string | null;
}

/**
 * Marks the factory's event resolved by the user. An event of another factory
 * is "not found": its existence is not revealed. Pass the transaction that
 * also records the clear in the audit log.
 */
export async function resolveEvent(
  db: Queryable,
  factoryId: number,
  eventId: number,
  userId: number | null,
  now: Date,
): Promise<ResolveResult> {
  const rows = await db.query<{
    state: string;
    changed: boolean;
    node_id: number | null;
    target: string;
  }>(
    `WITH changed AS (
       UPDATE events SET state = 'resolved', resolved_at = $4::timestamptz, resolved_by = $3
        WHERE id = $2 AND factory_id = $1 AND state = 'unresolved'
        RETURNING id)
     SELECT e.state, e.node_id, e.target, EXISTS (SELECT 1 FROM changed) AS changed
       FROM events e WHERE e.id = $2 AND e.factory_id = $1`,
    [factoryId, eventId, userId, now.toISOString()],
  );
  const row = rows[0];
  if (!row) return { outcome: 'not-found', nodeId: null, target: null };
  return {
    outcome: row.changed ? 'resolved' : 'already-resolved',
    nodeId: row.node_id,
    target: row.target,
  };
}

export type AcknowledgeOutcome = 'acknowledged' | 'already-acknowledged' | 'resolved' | 'not-found';

/**
 * Marks an open alarm acknowledged (someone is on it: escalation stops; it
 * stays open until cleared). The first acknowledgement is kept.
 */
export async function acknowledgeEvent(
  db: Queryable,
  factoryId: number,
  eventId: number,
  by: string,
  now: Date,
): Promise<AcknowledgeOutcome> {
  const rows = await db.query<{ state: string; changed: boolean }>(
    `WITH changed AS (
       UPDATE events SET acknowledged_at = $4::timestamptz, acknowledged_by = $3
        WHERE id = $2 AND factory_id = $1 AND state = 'unresolved' AND acknowledged_at IS NULL
        RETURNING id)
     SELECT e.state, EXISTS (SELECT 1 FROM changed) AS changed
       FROM events e WHERE e.id = $2 AND e.factory_id = $1`,
    [factoryId, eventId, by, now.toISOString()],
  );
  const row = rows[0];
  if (!row) return 'not-found';
  if (row.changed) return 'acknowledged';
  return row.state === 'unresolved' ? 'already-acknowledged' : 'resolved';
}
