import type { AdminFactory, AdminFactoryAnomalies, WorkingHours } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';

interface FactoryRow {
  id: number;
  slug: string;
  name: string;
  name_zh: string;
  time_zone: string;
  co2_factor: number;
  contract_capacity_kw: number | null;
  anomaly_enabled: boolean;
  anomaly_margin_percent: number;
  anomaly_min_kw: number;
  anomaly_minutes: number;
  working_hours: WorkingHours;
}

const COLUMNS =
  'id, slug, name, name_zh, time_zone, co2_factor, contract_capacity_kw, anomaly_enabled, ' +
  'anomaly_margin_percent, anomaly_min_kw, anomaly_minutes, working_hours';

function toAdminFactory(row: FactoryRow): AdminFactory {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    nameZh: row.name_zh,
    timeZone: row.time_zone,
    co2Factor: Number(row.co2_factor),
    contractCapacityKw: row.contract_capacity_kw === null ? null : Number(row.contract_capacity_kw),
    anomalies: {
      enabled: row.anomaly_enabled,
      marginPercent: Number(row.anomaly_margin_percent),
      minKw: Number(row.anomaly_min_kw),
      minutes: Number(row.anomaly_minutes),
    },
    workingHours: row.working_hours,
  };
}

export async function findFactory(
  db: Queryable,
  factoryId: number,
  lock = false,
): Promise<AdminFactory> {
  const rows = await db.query<FactoryRow>(
    `SELECT ${COLUMNS} FROM factories WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [factoryId],
  );
  if (!rows[0]) throw new Error(`factory ${factoryId} of a live session does not exist`);
  return toAdminFactory(rows[0]);
}

export type FactorySettings = Pick<
  AdminFactory,
  'name' | 'nameZh' | 'timeZone' | 'co2Factor' | 'contractCapacityKw' | 'anomalies' | 'workingHours'
>;

/** Saves every setting but co2Factor; the answer's co2Factor is the column's (see below). */
export async function updateFactory(
  db: Queryable,
  factoryId: number,
  settings: Omit<FactorySettings, 'co2Factor'>,
): Promise<AdminFactory> {
  const rows = await db.query<FactoryRow>(
    // co2Factor is this year's entry of the factors by year, saved by the caller
    // (modules/carbon); the column is only the factor of a factory without entries.
    `UPDATE factories SET name = $2, name_zh = $3, time_zone = $4, contract_capacity_kw = $5
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [factoryId, settings.name, settings.nameZh, settings.timeZone, settings.contractCapacityKw],
  );
  return toAdminFactory(rows[0]!);
}

/** Saves the anomaly events' rule (decision 0082); returns the factory as saved. */
export async function updateFactoryAnomalies(
  db: Queryable,
  factoryId: number,
  anomalies: AdminFactoryAnomalies,
): Promise<AdminFactory> {
  const rows = await db.query<FactoryRow>(
    `UPDATE factories SET anomaly_enabled = $2, anomaly_margin_percent = $3, anomaly_min_kw = $4,
                          anomaly_minutes = $5
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [factoryId, anomalies.enabled, anomalies.marginPercent, anomalies.minKw, anomalies.minutes],
  );
  return toAdminFactory(rows[0]!);
}

/** Saves the working hours by day type (decision 0091); returns the factory as saved. */
export async function updateFactoryWorkingHours(
  db: Queryable,
  factoryId: number,
  workingHours: WorkingHours,
): Promise<AdminFactory> {
  const rows = await db.query<FactoryRow>(
    `UPDATE factories SET working_hours = $2::jsonb WHERE id = $1 RETURNING ${COLUMNS}`,
    [factoryId, JSON.stringify(workingHours)],
  );
  return toAdminFactory(rows[0]!);
}

/** The settings that differ, as {field: {from, to}} for the audit log. */
export function settingChanges(
  before: FactorySettings,
  after: FactorySettings,
): Record<string, { from: unknown; to: unknown }> {
  const keys = ['name', 'nameZh', 'timeZone', 'co2Factor', 'contractCapacityKw'] as const;
  const changes: Record<string, { from: unknown; to: unknown }> = Object.fromEntries(
    keys
      .filter((key) => before[key] !== after[key])
      .map((key) => [key, { from: before[key], to: after[key] }]),
  );
  // The anomaly rule and the working hours are one object each: compared whole.
  for (const key of ['anomalies', 'workingHours'] as const) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes[key] = { from: before[key], to: after[key] };
    }
  }
  return changes;
}
