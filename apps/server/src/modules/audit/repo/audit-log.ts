import type { AuditEntry } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { escapeLike, SqlFilter, type InstantRange } from '../../../platform/db/day-range.ts';

export interface AuditFilter {
  range: InstantRange;
  action?: string | undefined;
  actor?: string | undefined;
  targetType?: string | undefined;
}

interface AuditRow {
  id: number | string;
  created_at: Date;
  user_id: number | null;
  actor: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  detail: Record<string, unknown>;
  address: string | null;
}

function filterOf(factoryId: number, filter: AuditFilter, beforeId?: number): SqlFilter {
  const where = new SqlFilter().add('factory_id = ?', factoryId);
  if (filter.range.from !== null) where.add('created_at >= ?', new Date(filter.range.from));
  if (filter.range.until !== null) where.add('created_at < ?', new Date(filter.range.until));
  if (filter.action) {
    where.add(
      "(action = ? OR action LIKE ? ESCAPE '\\')",
      filter.action,
      `${escapeLike(filter.action)}.%`,
    );
  }
  if (filter.actor) where.add("actor ILIKE ? ESCAPE '\\'", `%${escapeLike(filter.actor)}%`);
  if (filter.targetType) where.add('target_type = ?', filter.targetType);
  if (beforeId !== undefined) where.add('id < ?', beforeId);
  return where;
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    time: new Date(row.created_at).toISOString(),
    userId: row.user_id,
    actor: row.actor,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    detail: row.detail,
    address: row.address,
  };
}

/** One page of the factory's audit log, newest first (by id, which follows time). */
export async function listAudit(
  db: Queryable,
  factoryId: number,
  filter: AuditFilter,
  page: { limit: number; beforeId?: number | undefined },
): Promise<{ entries: AuditEntry[]; nextBeforeId: number | null }> {
  const where = filterOf(factoryId, filter, page.beforeId);
  const limit = where.param(page.limit + 1);
  const rows = await db.query<AuditRow>(
    `SELECT id, created_at, user_id, actor, action, target_type, target_id, detail, address
       FROM audit_log WHERE ${where.where} ORDER BY id DESC LIMIT ${limit}`,
    where.params,
  );
  const entries = rows.slice(0, page.limit).map(toEntry);
  const more = rows.length > page.limit;
  return { entries, nextBeforeId: more ? (entries.at(-1)?.id ?? null) : null };
}

/** Every entry of the filter, a page at a time (the CSV export streams these). */
export async function* auditPages(
  db: Queryable,
  factoryId: number,
  filter: AuditFilter,
  pageSize = 1000,
): AsyncGenerator<AuditEntry[]> {
  let beforeId: number | undefined;
  for (;;) {
    const page = await listAudit(db, factoryId, filter, { limit: pageSize, beforeId });
    yield page.entries;
    if (page.nextBeforeId === null) return;
    beforeId = page.nextBeforeId;
  }
}
