/** The scheduled_reports and scheduled_report_runs tables (migration 013); every query filters by factory. */
import type { ScheduledReportKind } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';

export const REPORT_KINDS: readonly ScheduledReportKind[] = ['weekly', 'monthly'];

export interface ReportSettings {
  kind: ScheduledReportKind;
  enabled: boolean;
  receivers: string[];
  enabledSince: number | null;
}

interface SettingsRow {
  kind: ScheduledReportKind;
  enabled: boolean;
  receivers: unknown;
  enabled_since: Date | null;
}

function toSettings(row: SettingsRow): ReportSettings {
  // jsonb arrives parsed from both drivers; anything else counts as no receivers.
  const receivers = Array.isArray(row.receivers)
    ? row.receivers.filter((r): r is string => typeof r === 'string')
    : [];
  return {
    kind: row.kind,
    enabled: row.enabled,
    receivers,
    enabledSince: row.enabled_since?.getTime() ?? null,
  };
}

const off = (kind: ScheduledReportKind): ReportSettings => ({
  kind,
  enabled: false,
  receivers: [],
  enabledSince: null,
});

/** Both kinds of the factory, in REPORT_KINDS order; a kind never saved is off. */
export async function loadReportSettings(
  db: Queryable,
  factoryId: number,
): Promise<ReportSettings[]> {
  const rows = await db.query<SettingsRow>(
    `SELECT kind, enabled, receivers, enabled_since FROM scheduled_reports WHERE factory_id = $1`,
    [factoryId],
  );
  return REPORT_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return row ? toSettings(row) : off(kind);
  });
}

/**
 * Saves one kind. Switching on (from off) starts enabled_since now, so only
 * periods due from now on are sent; staying on keeps it.
 */
export async function saveReportSettings(
  db: Queryable,
  factoryId: number,
  settings: { kind: ScheduledReportKind; enabled: boolean; receivers: readonly string[] },
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO scheduled_reports (factory_id, kind, enabled, receivers, enabled_since, updated_at)
     VALUES ($1, $2, $3, $4::jsonb, CASE WHEN $3 THEN $5::timestamptz END, $5)
     ON CONFLICT (factory_id, kind) DO UPDATE
        SET enabled = EXCLUDED.enabled,
            receivers = EXCLUDED.receivers,
            enabled_since = CASE
              WHEN NOT EXCLUDED.enabled THEN NULL
              WHEN scheduled_reports.enabled THEN scheduled_reports.enabled_since
              ELSE EXCLUDED.enabled_since END,
            updated_at = EXCLUDED.updated_at`,
    [factoryId, settings.kind, settings.enabled, JSON.stringify(settings.receivers), now],
  );
}

/** Every report that is on, with its factory's zone (the scheduler's list). */
export async function enabledReports(
  db: Queryable,
): Promise<(ReportSettings & { factoryId: number; timeZone: string })[]> {
  const rows = await db.query<SettingsRow & { factory_id: number; time_zone: string }>(
    `SELECT s.factory_id, f.time_zone, s.kind, s.enabled, s.receivers, s.enabled_since
       FROM scheduled_reports s JOIN factories f ON f.id = s.factory_id
      WHERE s.enabled ORDER BY s.factory_id, s.kind`,
  );
  return rows.map((row) => ({
    ...toSettings(row),
    factoryId: row.factory_id,
    timeZone: row.time_zone,
  }));
}

/** When each kind was last queued (scheduled or sent now). */
export async function lastSentAt(
  db: Queryable,
  factoryId: number,
): Promise<Map<ScheduledReportKind, Date>> {
  const rows = await db.query<{ kind: ScheduledReportKind; last: Date }>(
    `SELECT kind, max(created_at) AS last FROM scheduled_report_runs
      WHERE factory_id = $1 GROUP BY kind`,
    [factoryId],
  );
  return new Map(rows.map((row) => [row.kind, row.last]));
}

/** True when the scheduled run of this period is already recorded (a cheap skip before building). */
export async function scheduledRunExists(
  db: Queryable,
  factoryId: number,
  kind: ScheduledReportKind,
  periodFrom: string,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM scheduled_report_runs
      WHERE factory_id = $1 AND kind = $2 AND period_from = $3::date AND trigger = 'schedule'`,
    [factoryId, kind, periodFrom],
  );
  return rows.length > 0;
}

/**
 * Records a run; null when the scheduled run of this period already exists
 * (another instance, or an earlier start, sent it): the caller then sends nothing.
 */
export async function insertRun(
  tx: Queryable,
  run: {
    factoryId: number;
    kind: ScheduledReportKind;
    period: { from: string; to: string };
    trigger: 'schedule' | 'manual';
    receivers: number;
    now: Date;
  },
): Promise<number | null> {
  const rows = await tx.query<{ id: number | string }>(
    `INSERT INTO scheduled_report_runs (factory_id, kind, period_from, period_to, trigger, receivers, created_at)
     VALUES ($1, $2, $3::date, $4::date, $5, $6, $7)
     ON CONFLICT (factory_id, kind, period_from) WHERE trigger = 'schedule' DO NOTHING
     RETURNING id`,
    [run.factoryId, run.kind, run.period.from, run.period.to, run.trigger, run.receivers, run.now],
  );
  return rows[0] ? Number(rows[0].id) : null;
}
