import type {
  AutoEntry,
  ChannelAction,
  ChannelGroupEntry,
  ChannelScheduleItem,
  ChannelStatus,
  SelectedOption,
  WeeklyTimer,
} from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import type { OptionSetting } from '../calc/options.ts';

/** One controlled channel with its group, as the calls and the scheduler read it. */
export interface ChannelRow {
  id: number;
  groupId: number;
  groupName: string;
  groupChName: string;
  channelTypeName: string;
  controlMethod: 'Switch' | 'IR Control';
  optionSetting: OptionSetting | null;
  groupIsOn: boolean;
  nodeId: number | null;
  chName: string;
  name: string;
  action: ChannelAction;
  status: ChannelStatus;
  timer: WeeklyTimer | null;
  auto: AutoEntry[] | null;
  on: boolean | null;
  selectedOption: SelectedOption | null;
  appliedOption: SelectedOption | null;
  lastWanted: 'on' | 'off' | null;
  lastSwitchedAt: Date | null;
  statusReportedAt: Date | null;
  /** The state of a command sent and not yet confirmed (null: none in flight). */
  pendingState: 'on' | 'off' | null;
}

export const CHANNEL_COLUMNS = `
  c.id, c.channel_group_id AS "groupId", g.group_name AS "groupName",
  g.group_ch_name AS "groupChName",
  g.channel_type_name AS "channelTypeName", g.control_method AS "controlMethod",
  g.option_setting AS "optionSetting", g.is_on AS "groupIsOn", c.node_id AS "nodeId",
  c.ch_name AS "chName", c.name, c.action, c.status, c.timer_schedule AS timer,
  c.auto_schedule AS auto, c.on_schedule AS on, c.selected_option AS "selectedOption",
  c.applied_option AS "appliedOption", c.desired_state AS "lastWanted",
  c.last_switched_at AS "lastSwitchedAt", c.status_reported_at AS "statusReportedAt",
  (SELECT k.state FROM commands k
    WHERE k.factory_id = c.factory_id AND k.channel_schedule_id = c.id AND k.status = 'sent'
    ORDER BY k.created_at DESC LIMIT 1) AS "pendingState"`;

const FROM = `FROM channel_schedules c
  JOIN channel_groups g ON g.factory_id = c.factory_id AND g.id = c.channel_group_id`;

/** Every channel of a factory in page order (groups, then channels). */
export function loadChannels(db: Queryable, factoryId: number): Promise<ChannelRow[]> {
  return db.query<ChannelRow>(
    `SELECT ${CHANNEL_COLUMNS} ${FROM} WHERE c.factory_id = $1
      ORDER BY g.sort_order, g.id, c.sort_order, c.id`,
    [factoryId],
  );
}

/** One channel of the factory, or null when the id is not one of its channels. */
export async function loadChannel(
  db: Queryable,
  factoryId: number,
  channelId: number,
  forUpdate = false,
): Promise<ChannelRow | null> {
  const rows = await db.query<ChannelRow>(
    `SELECT ${CHANNEL_COLUMNS} ${FROM} WHERE c.factory_id = $1 AND c.id = $2
     ${forUpdate ? 'FOR UPDATE OF c' : ''}`,
    [factoryId, channelId],
  );
  return rows[0] ?? null;
}

/** The factory's groups in page order. */
export function loadGroups(db: Queryable, factoryId: number): Promise<ChannelGroupEntry[]> {
  return db.query<ChannelGroupEntry>(
    `SELECT id AS "channelGroupId", channel_type_name AS "channelTypeName",
            group_name AS "groupName", group_ch_name AS "groupChName", is_on AS "isOn"
       FROM channel_groups WHERE factory_id = $1 ORDER BY sort_order, id`,
    [factoryId],
  );
}

/** A channel as the group list shows it (`ChannelScheduleItem`). */
export function scheduleItem(row: ChannelRow): ChannelScheduleItem {
  return {
    channelScheduleId: row.id,
    channelGroupId: row.groupId,
    groupName: row.groupName,
    groupChName: row.groupChName,
    channelTypeName: row.channelTypeName,
    chName: row.chName,
    name: row.name,
    action: row.action,
    status: row.status,
  };
}
