import type { Queryable } from '../../../platform/db/db.ts';
import {
  overviewControls,
  type ControlChannelRow,
  type ControlGroupRow,
} from '../calc/controls.ts';
import { EVENT_ROW_COLUMNS, type EventRow } from '../../hub/index.ts';

/** The factory's channel groups with their channels, in the Control page's order. */
export async function controlsOf(db: Queryable, factoryId: number) {
  const [groups, channels] = await Promise.all([
    db.query<ControlGroupRow>(
      `SELECT id, group_name AS "groupName", group_ch_name AS "groupChName", channel_type_name AS "channelTypeName",
              control_method AS "controlMethod", is_on AS "isOn"
         FROM channel_groups WHERE factory_id = $1 ORDER BY sort_order, id`,
      [factoryId],
    ),
    db.query<ControlChannelRow>(
      `SELECT id, channel_group_id AS "groupId", ch_name AS "chName", name, action, status
         FROM channel_schedules WHERE factory_id = $1 ORDER BY sort_order, id`,
      [factoryId],
    ),
  ]);
  return overviewControls(groups, channels);
}

/** Most open alarms the Overview lists (the hub's lists hold 20 too). */
export const OPEN_ALARMS_LIMIT = 20;

/** Unresolved alarm events, newest first. */
export async function openAlarms(db: Queryable, factoryId: number) {
  const rows = await db.query<EventRow & { node_id: number | null }>(
    `SELECT ${EVENT_ROW_COLUMNS}, node_id FROM events
      WHERE factory_id = $1 AND state = 'unresolved'
      ORDER BY opened_at DESC, id DESC LIMIT $2`,
    [factoryId, OPEN_ALARMS_LIMIT],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    nodeId: row.node_id,
    time: new Date(row.opened_at).toISOString(),
    titleText: row.title_en,
    descText: row.desc_en,
    title: row.title_zh,
    desc: row.desc_zh,
  }));
}
