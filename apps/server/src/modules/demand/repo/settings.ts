import type { Queryable } from '../../../platform/db/db.ts';

/** A factory's demand settings as stored (migration 012); defaults when it has no row. */
export interface DemandSettings {
  targetPercent: number;
  autoShed: boolean;
  minOffMinutes: number;
  maxOffMinutes: number;
  restoreMarginPercent: number;
}

export const DEFAULT_DEMAND_SETTINGS: DemandSettings = {
  targetPercent: 95,
  autoShed: false,
  minOffMinutes: 5,
  maxOffMinutes: 30,
  restoreMarginPercent: 5,
};

export async function loadDemandSettings(
  db: Queryable,
  factoryId: number,
): Promise<DemandSettings> {
  const rows = await db.query<DemandSettings>(
    `SELECT target_percent AS "targetPercent", auto_shed AS "autoShed",
            min_off_minutes AS "minOffMinutes", max_off_minutes AS "maxOffMinutes",
            restore_margin_percent AS "restoreMarginPercent"
       FROM demand_settings WHERE factory_id = $1`,
    [factoryId],
  );
  const row = rows[0];
  return row
    ? {
        ...row,
        targetPercent: Number(row.targetPercent),
        restoreMarginPercent: Number(row.restoreMarginPercent),
      }
    : { ...DEFAULT_DEMAND_SETTINGS };
}

export async function saveDemandSettings(
  tx: Queryable,
  factoryId: number,
  s: DemandSettings,
): Promise<void> {
  await tx.query(
    `INSERT INTO demand_settings (factory_id, target_percent, auto_shed, min_off_minutes,
                                  max_off_minutes, restore_margin_percent, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, now())
     ON CONFLICT (factory_id) DO UPDATE SET target_percent = EXCLUDED.target_percent,
       auto_shed = EXCLUDED.auto_shed, min_off_minutes = EXCLUDED.min_off_minutes,
       max_off_minutes = EXCLUDED.max_off_minutes,
       restore_margin_percent = EXCLUDED.restore_margin_percent, updated_at = now()`,
    [
      factoryId,
      s.targetPercent,
      s.autoShed,
      s.minOffMinutes,
      s.maxOffMinutes,
      s.restoreMarginPercent,
    ],
  );
}

/** The factory's contract capacity (kW), null when not set: no target, no shedding. */
export async function contractCapacity(db: Queryable, factoryId: number): Promise<number | null> {
  const rows = await db.query<{ kw: number | null }>(
    'SELECT contract_capacity_kw AS kw FROM factories WHERE id = $1',
    [factoryId],
  );
  const kw = rows[0]?.kw;
  return kw === null || kw === undefined ? null : Number(kw);
}

/** Receivers that get the demand warning by e-mail (alarm mail is separate). */
export async function demandMailReceivers(db: Queryable, factoryId: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM email_receivers WHERE factory_id = $1 AND demand_mail ORDER BY sort_order, id',
    [factoryId],
  );
  return rows.map((row) => row.id);
}

/** Sets exactly these receivers (of this factory) to get the demand mail. */
export async function setDemandMailReceivers(
  tx: Queryable,
  factoryId: number,
  ids: readonly number[],
): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `UPDATE email_receivers SET demand_mail = (id = ANY($2::int[]))
      WHERE factory_id = $1 RETURNING id, demand_mail`,
    [factoryId, [...ids]],
  );
  return rows.map((row) => row.id);
}
