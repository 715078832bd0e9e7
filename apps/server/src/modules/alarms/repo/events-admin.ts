import type { AdminEvent } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { SqlFilter, type InstantRange } from '../../../platform/db/day-range.ts';

export interface EventFilter {
  range: InstantRange;
  nodeId?: number | undefined;
  target?: string | undefined;
  state?: 'unresolved' | 'resolved' | undefined;
}

interface EventRow {
  id: number | string;
  node_id: number | null;
  node_name: string | null;
  node_ch_name: string | null;
  target: string;
  kind: AdminEvent['kind'];
  title_en: string;
  desc_en: string;
  title_zh: string;
  desc_zh: string;
  value: number | null;
  threshold_low: number | null;
  threshold_high: number | null;
  state: AdminEvent['state'];
  opened_at: Date;
  last_breach_at: Date;
  resolved_at: Date | null;
  resolved_by_name: string | null;
}

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

function toAdminEvent(row: EventRow): AdminEvent {
  return {
    id: Number(row.id),
    nodeId: row.node_id,
    nodeName: row.node_name,
    nodeChName: row.node_ch_name,
    target: row.target,
    kind: row.kind,
    titleText: row.title_en,
    descText: row.desc_en,
    title: row.title_zh,
    desc: row.desc_zh,
    value: row.value,
    thresholdLow: row.threshold_low,
    thresholdHigh: row.threshold_high,
    state: row.state,
    openedAt: new Date(row.opened_at).toISOString(),
    lastBreachAt: new Date(row.last_breach_at).toISOString(),
    resolvedAt: iso(row.resolved_at),
    resolvedBy: row.resolved_by_name,
  };
}

/** One page of the factory's alarm events, newest first (by id). */
export async function listEvents(
  db: Queryable,
  factoryId: number,
  filter: EventFilter,
  page: { limit: number; beforeId?: number | undefined },
): Promise<{ events: AdminEvent[]; nextBeforeId: number | null }> {
  const where = new SqlFilter().add('e.factory_id = ?', factoryId);
  if (filter.range.from !== null) where.add('e.opened_at >= ?', new Date(filter.range.from));
  if (filter.range.until !== null) where.add('e.opened_at < ?', new Date(filter.range.until));
  if (filter.nodeId !== undefined) where.add('e.node_id = ?', filter.nodeId);
  if (filter.target !== undefined) where.add('e.target = ?', filter.target);
  if (filter.state !== undefined) where.add('e.state = ?', filter.state);
  if (page.beforeId !== undefined) where.add('e.id < ?', page.beforeId);
  const limit = where.param(page.limit + 1);
  const rows = await db.query<EventRow>(
    `SELECT e.id, e.node_id, n.name AS node_name, n.ch_name AS node_ch_name, e.target, e.kind,
            e.title_en, e.desc_en, e.title_zh, e.desc_zh, e.value, e.threshold_low,
            e.threshold_high, e.state, e.opened_at, e.last_breach_at, e.resolved_at,
            u.username AS resolved_by_name
       FROM events e
       LEFT JOIN nodes n ON n.factory_id = e.factory_id AND n.id = e.node_id
       LEFT JOIN users u ON u.id = e.resolved_by
      WHERE ${where.where} ORDER BY e.id DESC LIMIT ${limit}`,
    where.params,
  );
  const events = rows.slice(0, page.limit).map(toAdminEvent);
  return {
    events,
    nextBeforeId: rows.length > page.limit ? (events.at(-1)?.id ?? null) : null,
  };
}

/** Every event of the filter, a page at a time (the CSV export). */
export async function* eventPages(
  db: Queryable,
  factoryId: number,
  filter: EventFilter,
  pageSize = 1000,
): AsyncGenerator<AdminEvent[]> {
  let beforeId: number | undefined;
  for (;;) {
    const page = await listEvents(db, factoryId, filter, { limit: pageSize, beforeId });
    yield page.events;
    if (page.nextBeforeId === null) return;
    beforeId = page.nextBeforeId;
  }
}

/** Is the node the factory's? (A filter on another factory's node is refused, not empty.) */
export async function isFactoryNode(db: Queryable, factoryId: number, nodeId: number) {
  const rows = await db.query('SELECT 1 FROM nodes WHERE factory_id = $1 AND id = $2', [
    factoryId,
    nodeId,
  ]);
  return rows.length > 0;
}
