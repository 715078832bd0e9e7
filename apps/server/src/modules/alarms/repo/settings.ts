/**
 * alarm_settings reads and writes: the activated settings a batch is judged
 * against, their new states, and the settings calls' list and save.
 */
import type { AlarmSetting, AlarmTarget } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import type { ActiveSetting, SettingOutcome } from '../evaluate.ts';
import type { AlertStatus } from '../rules.ts';

interface ActiveSettingRow {
  node_id: number;
  target: AlarmTarget;
  threshold_low: number | null;
  threshold_high: number | null;
  alert_status: AlertStatus;
  name: string;
  ch_name: string;
  type: string;
}

/**
 * The activated settings that readings of these nodes can trip: the nodes'
 * own, plus the demand settings of the factory's virtual nodes (their demand
 * sums these readings). `lock` takes the rows for the evaluating transaction,
 * so two batches of one node, or a settings save, cannot interleave with it.
 */
export async function loadActiveSettings(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  lock = false,
): Promise<ActiveSetting[]> {
  const rows = await db.query<ActiveSettingRow>(
    `SELECT s.node_id, s.target, s.threshold_low, s.threshold_high, s.alert_status,
            n.name, n.ch_name, n.type
       FROM alarm_settings s
       JOIN nodes n ON n.factory_id = s.factory_id AND n.id = s.node_id
      WHERE s.factory_id = $1 AND s.is_activated
        AND (s.node_id = ANY($2::int[]) OR (n.type = 'virtual' AND s.target = 'demand'))
      ORDER BY s.node_id, s.target${lock ? '\n      FOR UPDATE OF s' : ''}`,
    [factoryId, [...nodeIds]],
  );
  return rows.map((row) => ({
    nodeId: row.node_id,
    target: row.target,
    limits: { low: row.threshold_low, high: row.threshold_high },
    status: row.alert_status,
    node: { name: row.name, chName: row.ch_name },
    isVirtual: row.type === 'virtual',
  }));
}

/** Stores each evaluated setting's status, last value and (when breached) last breach time. */
export async function saveOutcomes(
  tx: Queryable,
  factoryId: number,
  outcomes: readonly SettingOutcome[],
): Promise<void> {
  if (outcomes.length === 0) return;
  await tx.query(
    `UPDATE alarm_settings s
        SET alert_status = u.status, last_value = u.value,
            last_happened_at = coalesce(u.happened_at, s.last_happened_at)
       FROM unnest($2::int[], $3::text[], $4::text[], $5::float8[], $6::timestamptz[])
            AS u (node_id, target, status, value, happened_at)
      WHERE s.factory_id = $1 AND s.node_id = u.node_id AND s.target = u.target`,
    [
      factoryId,
      outcomes.map((o) => o.setting.nodeId),
      outcomes.map((o) => o.setting.target),
      outcomes.map((o) => o.status),
      outcomes.map((o) => o.lastValue),
      outcomes.map((o) => o.breach?.lastAt.toISOString() ?? null),
    ],
  );
}

export interface StoredSetting {
  target: AlarmTarget;
  isActivated: boolean;
  low: number | null;
  high: number | null;
  alertStatus: AlertStatus;
  lastHappenedAt: Date | null;
}

/** The node's stored settings by target (targets never saved are absent). */
export async function nodeSettings(
  db: Queryable,
  factoryId: number,
  nodeId: number,
): Promise<Map<AlarmTarget, StoredSetting>> {
  const rows = await db.query<{
    target: AlarmTarget;
    is_activated: boolean;
    threshold_low: number | null;
    threshold_high: number | null;
    alert_status: AlertStatus;
    last_happened_at: Date | null;
  }>(
    `SELECT target, is_activated, threshold_low, threshold_high, alert_status, last_happened_at
       FROM alarm_settings WHERE factory_id = $1 AND node_id = $2`,
    [factoryId, nodeId],
  );
  return new Map(
    rows.map((row) => [
      row.target,
      {
        target: row.target,
        isActivated: row.is_activated,
        low: row.threshold_low,
        high: row.threshold_high,
        alertStatus: row.alert_status,
        lastHappenedAt: row.last_happened_at,
      },
    ]),
  );
}

/**
 * Saves the node's settings in one statement (all or nothing). Deactivating a
 * setting puts it back to normal: nothing is watched any more.
 */
export async function upsertNodeSettings(
  db: Queryable,
  factoryId: number,
  nodeId: number,
  alarms: readonly AlarmSetting[],
): Promise<void> {
  if (alarms.length === 0) return;
  // Rows in the order the evaluation locks them (node, then target), so a save
  // and an evaluation of the same node can never wait on each other in a circle.
  const sorted = [...alarms].sort((a, b) => (a.target < b.target ? -1 : 1));
  await db.query(
    `INSERT INTO alarm_settings AS s (factory_id, node_id, target, is_activated,
                                      threshold_low, threshold_high)
     SELECT $1, $2, a.target, a.is_activated, a.low, a.high
       FROM unnest($3::text[], $4::boolean[], $5::float8[], $6::float8[])
            AS a (target, is_activated, low, high)
     ON CONFLICT (node_id, target, factory_id) DO UPDATE
        SET is_activated = EXCLUDED.is_activated,
            threshold_low = EXCLUDED.threshold_low,
            threshold_high = EXCLUDED.threshold_high,
            alert_status = CASE WHEN EXCLUDED.is_activated THEN s.alert_status ELSE 'normal' END,
            updated_at = now()`,
    [
      factoryId,
      nodeId,
      sorted.map((a) => a.target),
      sorted.map((a) => a.isActivated),
      sorted.map((a) => a.threshold.low),
      sorted.map((a) => a.threshold.high),
    ],
  );
}
