import { recordAudit, SCHEDULER_ACTOR } from '../../audit/index.ts';
import type { Queryable } from '../../../platform/db/db.ts';
import type { ActiveShed, ShedCandidate, ShedStep } from '../calc/shed.ts';

const iso = (t: number) => new Date(t).toISOString();
const ms = (value: Date | null) => (value === null ? null : value.getTime());

/** Every channel with what shedding needs: priority, action, status, its circuit's newest kW. */
export async function shedCandidates(db: Queryable, factoryId: number): Promise<ShedCandidate[]> {
  const rows = await db.query<{
    id: number;
    priority: number | null;
    action: ShedCandidate['action'];
    status: ShedCandidate['status'];
    kw: number | null;
    restored_at: Date | null;
    name: string;
    ch_name: string;
  }>(
    `SELECT c.id, c.shed_priority AS priority, c.action, c.status, l.kw, c.name, c.ch_name,
            (SELECT max(s.restored_at) FROM demand_sheds s
              WHERE s.factory_id = c.factory_id AND s.channel_schedule_id = c.id) AS restored_at
       FROM channel_schedules c
       LEFT JOIN latest_readings l ON l.factory_id = c.factory_id AND l.node_id = c.node_id
      WHERE c.factory_id = $1 ORDER BY c.id`,
    [factoryId],
  );
  return rows.map((row) => ({
    channelId: row.id,
    priority: row.priority,
    action: row.action,
    status: row.status,
    loadKw: row.kw === null ? null : Number(row.kw),
    restoredAt: ms(row.restored_at),
    name: row.name,
    chName: row.ch_name,
  }));
}

/** The channels shed now, oldest first, and the last step's time. */
export async function shedState(
  db: Queryable,
  factoryId: number,
): Promise<{ active: ActiveShed[]; lastStepAt: number | null }> {
  const active = await db.query<{ channel: number; shed_at: Date; load_kw: number }>(
    `SELECT channel_schedule_id AS channel, shed_at, load_kw FROM demand_sheds
      WHERE factory_id = $1 AND restored_at IS NULL ORDER BY shed_at, id`,
    [factoryId],
  );
  const last = await db.query<{ at: Date | null }>(
    `SELECT max(CASE WHEN ended_by = 'safe' THEN restored_at ELSE shed_at END) AS at
       FROM demand_sheds WHERE factory_id = $1`,
    [factoryId],
  );
  return {
    active: active.map((row) => ({
      channelId: row.channel,
      shedAt: row.shed_at.getTime(),
      loadKw: Number(row.load_kw),
    })),
    lastStepAt: ms(last[0]?.at ?? null),
  };
}

/**
 * Shed channels a person changed since shedding switched them off (their
 * action, schedule, group or master switch: the audit log's person rows).
 */
export async function changedByPerson(
  db: Queryable,
  factoryId: number,
  active: readonly ActiveShed[],
): Promise<Set<number>> {
  if (active.length === 0) return new Set();
  const rows = await db.query<{ channel: number }>(
    `SELECT s.channel_schedule_id AS channel
       FROM demand_sheds s
       JOIN channel_schedules c ON c.factory_id = s.factory_id AND c.id = s.channel_schedule_id
      WHERE s.factory_id = $1 AND s.restored_at IS NULL AND EXISTS (
        SELECT 1 FROM audit_log a
         WHERE a.factory_id = s.factory_id AND a.user_id IS NOT NULL AND a.created_at > s.shed_at
           AND ((a.target_type = 'channel' AND a.target_id = c.id::text)
             OR (a.target_type = 'channel-group' AND a.target_id = c.channel_group_id::text)))`,
    [factoryId],
  );
  return new Set(rows.map((row) => row.channel));
}

export interface StepContext {
  factoryId: number;
  now: number;
  predictedKw: number;
  targetKw: number;
}

/** Stores one decided step with its audit row (call inside a transaction). */
export async function recordShedStep(tx: Queryable, step: ShedStep, ctx: StepContext) {
  if (step.kind === 'shed') {
    await tx.query(
      `INSERT INTO demand_sheds (factory_id, channel_schedule_id, shed_at, load_kw, predicted_kw, target_kw)
       VALUES ($1, $2, $3::timestamptz, $4, $5, $6)`,
      [ctx.factoryId, step.channelId, iso(ctx.now), step.loadKw, ctx.predictedKw, ctx.targetKw],
    );
  } else {
    await tx.query(
      `UPDATE demand_sheds SET restored_at = $3::timestamptz, ended_by = $4
        WHERE factory_id = $1 AND channel_schedule_id = $2 AND restored_at IS NULL`,
      [ctx.factoryId, step.channelId, iso(ctx.now), step.reason],
    );
  }
  await recordAudit(tx, {
    factoryId: ctx.factoryId,
    actor: SCHEDULER_ACTOR,
    action: `demand.${step.kind}`,
    target: { type: 'channel', id: step.channelId },
    detail: {
      ...step,
      predictedKw: round(ctx.predictedKw),
      targetKw: round(ctx.targetKw),
    },
  });
}

const round = (kw: number) => Math.round(kw * 100) / 100;

/** The newest prediction, for the pages. */
export async function storePrediction(
  tx: Queryable,
  factoryId: number,
  p: { blockStart: number; predictedKw: number; energySoFarKwh: number; recentKw: number },
  targetKw: number,
  now: number,
) {
  await tx.query(
    `INSERT INTO demand_predictions (factory_id, block_start, predicted_kw, energy_so_far_kwh,
                                     recent_kw, target_kw, computed_at)
     VALUES ($1, $2::timestamptz, $3, $4, $5, $6, $7::timestamptz)
     ON CONFLICT (factory_id) DO UPDATE SET block_start = EXCLUDED.block_start,
       predicted_kw = EXCLUDED.predicted_kw, energy_so_far_kwh = EXCLUDED.energy_so_far_kwh,
       recent_kw = EXCLUDED.recent_kw, target_kw = EXCLUDED.target_kw,
       computed_at = EXCLUDED.computed_at`,
    [factoryId, iso(p.blockStart), p.predictedKw, p.energySoFarKwh, p.recentKw, targetKw, iso(now)],
  );
}
