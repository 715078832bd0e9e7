import type { DemandStatus } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { shedSettings } from '../calc/shed.ts';
import { predictCapacityNodes } from './node-predictions.ts';
import { contractCapacity, loadDemandSettings } from './settings.ts';

/**
 * Prediction, target, every channel's priority and shed state, and the nodes
 * with their own capacity predicted as of `now` (any user of the factory).
 */
export async function demandStatus(
  db: Queryable,
  factoryId: number,
  now: number = Date.now(),
): Promise<DemandStatus> {
  const [capacity, stored, predictions, channels] = await Promise.all([
    contractCapacity(db, factoryId),
    loadDemandSettings(db, factoryId),
    db.query<{
      block_start: Date;
      predicted_kw: number;
      energy_so_far_kwh: number;
      recent_kw: number;
      computed_at: Date;
    }>('SELECT * FROM demand_predictions WHERE factory_id = $1', [factoryId]),
    db.query<{
      id: number;
      name: string;
      ch_name: string;
      shed_priority: number | null;
      shed_at: Date | null;
    }>(
      `SELECT c.id, c.name, c.ch_name, c.shed_priority, s.shed_at
         FROM channel_schedules c
         JOIN channel_groups g ON g.factory_id = c.factory_id AND g.id = c.channel_group_id
         LEFT JOIN demand_sheds s ON s.factory_id = c.factory_id
                                 AND s.channel_schedule_id = c.id AND s.restored_at IS NULL
        WHERE c.factory_id = $1 ORDER BY g.sort_order, g.id, c.sort_order, c.id`,
      [factoryId],
    ),
  ]);
  const p = predictions[0];
  const nodes = await predictCapacityNodes(db, factoryId, now, stored.targetPercent);
  return {
    contractCapacityKw: capacity,
    targetKw: capacity === null ? null : shedSettings(stored, capacity).targetKw,
    autoShed: stored.autoShed,
    prediction: p
      ? {
          blockStart: p.block_start.toISOString(),
          predictedKw: Number(p.predicted_kw),
          energySoFarKwh: Number(p.energy_so_far_kwh),
          recentKw: Number(p.recent_kw),
          computedAt: p.computed_at.toISOString(),
        }
      : null,
    channels: channels.map((row) => ({
      channelScheduleId: row.id,
      name: row.name,
      chName: row.ch_name,
      shedPriority: row.shed_priority,
      shed: row.shed_at !== null,
      shedAt: row.shed_at?.toISOString() ?? null,
    })),
    nodes,
  };
}

/** Sets a channel's shed priority; null when the channel is not the factory's. */
export async function setShedPriority(
  tx: Queryable,
  factoryId: number,
  channelId: number,
  priority: number | null,
): Promise<{ before: number | null } | null> {
  const rows = await tx.query<{ before: number | null }>(
    `SELECT shed_priority AS before FROM channel_schedules
      WHERE factory_id = $1 AND id = $2 FOR UPDATE`,
    [factoryId, channelId],
  );
  const row = rows[0];
  if (!row) return null;
  await tx.query(
    'UPDATE channel_schedules SET shed_priority = $3 WHERE factory_id = $1 AND id = $2',
    [factoryId, channelId, priority],
  );
  return row;
}
