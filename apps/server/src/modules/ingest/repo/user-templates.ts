import type { AdminUserTemplate } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { userTemplateId } from '../calc/user-template.ts';

type Draft = AdminUserTemplate['definition'];

interface Row {
  id: number;
  definition: Draft | string;
  updated_at: Date;
  meters: number | string;
}

// PGlite and node-postgres both parse jsonb; a driver answering text is parsed here.
const parse = (d: Draft | string): Draft => (typeof d === 'string' ? (JSON.parse(d) as Draft) : d);

const SELECT = `SELECT t.id, t.definition, t.updated_at,
    (SELECT count(*) FROM gateway_meters m
      WHERE m.factory_id = t.factory_id AND m.template = 'user:' || t.id) AS meters
  FROM user_meter_templates t`;

function toAdmin(row: Row): AdminUserTemplate {
  return {
    id: userTemplateId(row.id),
    definition: parse(row.definition),
    updatedAt: new Date(row.updated_at).toISOString(),
    meters: Number(row.meters),
  };
}

/** A factory's templates, oldest first. */
export async function listUserTemplates(
  db: Queryable,
  factoryId: number,
): Promise<AdminUserTemplate[]> {
  const rows = await db.query<Row>(`${SELECT} WHERE t.factory_id = $1 ORDER BY t.id`, [factoryId]);
  return rows.map(toAdmin);
}

/** One template of this factory, or null (another factory's is null too). */
export async function findUserTemplate(
  db: Queryable,
  factoryId: number,
  n: number,
): Promise<AdminUserTemplate | null> {
  const rows = await db.query<Row>(`${SELECT} WHERE t.factory_id = $1 AND t.id = $2`, [
    factoryId,
    n,
  ]);
  return rows[0] ? toAdmin(rows[0]) : null;
}

/** Locks the template row for the rest of the transaction (a meter's save against its delete). */
export async function lockUserTemplate(
  db: Queryable,
  factoryId: number,
  n: number,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM user_meter_templates WHERE factory_id = $1 AND id = $2 FOR UPDATE',
    [factoryId, n],
  );
  return rows.length > 0;
}

export async function insertUserTemplate(db: Queryable, factoryId: number, draft: Draft) {
  const rows = await db.query<{ id: number }>(
    'INSERT INTO user_meter_templates (factory_id, definition) VALUES ($1, $2::jsonb) RETURNING id',
    [factoryId, JSON.stringify(draft)],
  );
  return rows[0]!.id;
}

/** False when this factory has no such template. */
export async function updateUserTemplate(
  db: Queryable,
  factoryId: number,
  n: number,
  draft: Draft,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE user_meter_templates SET definition = $3::jsonb, updated_at = now()
      WHERE factory_id = $1 AND id = $2 RETURNING id`,
    [factoryId, n, JSON.stringify(draft)],
  );
  return rows.length > 0;
}

export async function deleteUserTemplate(db: Queryable, factoryId: number, n: number) {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM user_meter_templates WHERE factory_id = $1 AND id = $2 RETURNING id',
    [factoryId, n],
  );
  return rows.length > 0;
}

/** How many of the factory's gateway meters use this template. */
export async function metersUsingTemplate(db: Queryable, factoryId: number, templateId: string) {
  const rows = await db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM gateway_meters WHERE factory_id = $1 AND template = $2',
    [factoryId, templateId],
  );
  return Number(rows[0]?.n ?? 0);
}

/** The drafts of these template numbers of this factory, by number. */
export async function userTemplatesByNumber(
  db: Queryable,
  factoryId: number,
  numbers: readonly number[],
): Promise<Map<number, Draft>> {
  if (numbers.length === 0) return new Map();
  const rows = await db.query<{ id: number; definition: Draft | string }>(
    'SELECT id, definition FROM user_meter_templates WHERE factory_id = $1 AND id = ANY($2::int[])',
    [factoryId, [...numbers]],
  );
  return new Map(rows.map((r) => [r.id, parse(r.definition)]));
}
