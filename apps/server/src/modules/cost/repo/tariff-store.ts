import {
  DEFAULT_TARIFF,
  DEFAULT_TARIFF_VALID_FROM,
  tariffDefinition,
  type TariffDefinition,
} from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { TariffSchedule, type TariffVersionData } from '../calc/tariff-schedule.ts';
import { TariffBook } from '../calc/tariff-book.ts';

/** A stored version with who saved it and when (the Admin page's history). */
export interface StoredTariffVersion extends TariffVersionData {
  createdAt: string;
  createdBy: string | null;
}

interface VersionRow {
  id: number;
  node_id: number | null;
  valid_from: string;
  definition: unknown;
  created_at: Date;
  created_by: string | null;
}

const SELECT = `SELECT id, node_id, to_char(valid_from, 'YYYY-MM-DD') AS valid_from, definition,
                       created_at, created_by
                  FROM tariff_versions WHERE factory_id = $1`;

function toVersion(row: VersionRow): StoredTariffVersion {
  const raw = typeof row.definition === 'string' ? JSON.parse(row.definition) : row.definition;
  return {
    id: row.id,
    validFrom: row.valid_from,
    // Parsed by the contract: stored definitions were checked when saved, and a
    // default from an older release gains any field a newer contract defaults.
    definition: tariffDefinition.parse(raw),
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
  };
}

/**
 * A tariff's versions, newest validFrom first: the factory's (`pointNodeId`
 * null or absent) or one billing point's own (decision 0065).
 */
export async function tariffVersions(
  db: Queryable,
  factoryId: number,
  pointNodeId: number | null = null,
): Promise<StoredTariffVersion[]> {
  const rows = await db.query<VersionRow>(
    `${SELECT} AND node_id IS NOT DISTINCT FROM $2 ORDER BY valid_from DESC`,
    [factoryId, pointNodeId],
  );
  return rows.map(toVersion);
}

/** The factory's tariff history (the main billing point's), ready to price with. */
export async function tariffSchedule(db: Queryable, factoryId: number): Promise<TariffSchedule> {
  return new TariffSchedule(await tariffVersions(db, factoryId));
}

/** Every tariff of the factory, its own and its billing points', in one read. */
export async function tariffBook(db: Queryable, factoryId: number): Promise<TariffBook> {
  const rows = await db.query<VersionRow>(`${SELECT} ORDER BY valid_from DESC`, [factoryId]);
  const factory: TariffVersionData[] = [];
  const points = new Map<number, TariffVersionData[]>();
  for (const row of rows) {
    if (row.node_id === null) factory.push(toVersion(row));
    else points.set(row.node_id, [...(points.get(row.node_id) ?? []), toVersion(row)]);
  }
  return new TariffBook(factory, points);
}

/**
 * The schedule a billing point is priced by: its own versions, or the
 * factory's when it has none.
 */
export async function pointTariffSchedule(
  db: Queryable,
  factoryId: number,
  pointNodeId: number,
): Promise<TariffSchedule> {
  return (await tariffBook(db, factoryId)).forPoint(pointNodeId);
}

/**
 * Saves a version valid from `validFrom` of the factory's tariff or of one
 * billing point's (`pointNodeId`), replacing one of the same day; returns its id.
 */
export async function saveTariffVersion(
  db: Queryable,
  factoryId: number,
  validFrom: string,
  definition: TariffDefinition,
  createdBy: string | null,
  pointNodeId: number | null = null,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO tariff_versions (factory_id, valid_from, definition, created_by, node_id)
     VALUES ($1, $2::date, $3::jsonb, $4, $5)
     ON CONFLICT (factory_id, (COALESCE(node_id, 0)), valid_from)
       DO UPDATE SET definition = EXCLUDED.definition, created_by = EXCLUDED.created_by,
                     created_at = now()
     RETURNING id`,
    [factoryId, validFrom, JSON.stringify(definition), createdBy, pointNodeId],
  );
  return rows[0]!.id;
}

/** Deletes a billing point's own versions (it follows the factory's again); returns how many. */
export async function deletePointTariff(
  db: Queryable,
  factoryId: number,
  pointNodeId: number,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM tariff_versions WHERE factory_id = $1 AND node_id = $2 RETURNING id',
    [factoryId, pointNodeId],
  );
  return rows.length;
}

/**
 * Gives the shipped default (valid from DEFAULT_TARIFF_VALID_FROM, i.e. all
 * history) to every factory without a tariff — or only to `factoryId`.
 * Idempotent: run at every start (existing factories, the demo seed) and when
 * a factory is added.
 */
export async function ensureDefaultTariffs(db: Queryable, factoryId?: number): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO tariff_versions (factory_id, valid_from, definition)
     SELECT f.id, $1::date, $2::jsonb FROM factories f
      WHERE ($3::int IS NULL OR f.id = $3)
        AND NOT EXISTS (
          SELECT 1 FROM tariff_versions t WHERE t.factory_id = f.id AND t.node_id IS NULL)
     ON CONFLICT (factory_id, (COALESCE(node_id, 0)), valid_from) DO NOTHING
     RETURNING id`,
    [DEFAULT_TARIFF_VALID_FROM, JSON.stringify(DEFAULT_TARIFF), factoryId ?? null],
  );
  return rows.length;
}

/** What the shipped default was called before it followed the 2025-10-01 table (issue #24). */
export const MODEL_DEFAULT_NAME = 'Taipower high-voltage three-stage TOU (model)';

/**
 * Brings factories that still have only the earlier shipped default (a model
 * of the 2024 table, no person ever saved a version) to the current one: the
 * current default becomes a version from the day its table took effect, so
 * history before it keeps its prices and the bill from then on follows
 * Taipower's table. A factory with any version a person saved is left alone.
 * Idempotent: run at every start.
 */
export async function upgradeModelDefaultTariffs(db: Queryable): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO tariff_versions (factory_id, valid_from, definition)
     SELECT f.id, $1::date, $2::jsonb FROM factories f
      WHERE EXISTS (
          SELECT 1 FROM tariff_versions t WHERE t.factory_id = f.id AND t.node_id IS NULL)
        AND NOT EXISTS (
          SELECT 1 FROM tariff_versions t
           WHERE t.factory_id = f.id AND t.node_id IS NULL
             AND (t.created_by IS NOT NULL OR t.definition ->> 'name' IS DISTINCT FROM $3))
     ON CONFLICT (factory_id, (COALESCE(node_id, 0)), valid_from) DO NOTHING
     RETURNING id`,
    [DEFAULT_TARIFF.sourceValidFrom, JSON.stringify(DEFAULT_TARIFF), MODEL_DEFAULT_NAME],
  );
  return rows.length;
}

/**
 * Gives the stored copies of the shipped default that no person saved the
 * contract-type rates and stages the default gained in issue #24 (before them
 * only a regular contract could be billed), so their bills apply Taipower's
 * per-period over-contract rule. A version a person saved is left alone.
 * Idempotent: run at every start.
 */
export async function addContractRatesToDefault(db: Queryable): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `UPDATE tariff_versions SET definition = $1::jsonb
      WHERE created_by IS NULL AND definition ->> 'name' = $2
        AND coalesce(definition -> 'contractBasicRates', 'null'::jsonb) = 'null'::jsonb
     RETURNING id`,
    [JSON.stringify(DEFAULT_TARIFF), DEFAULT_TARIFF.name],
  );
  return rows.length;
}
