import type { ChannelAction, ChannelStatus } from '@wattboard/contract';

export interface ControlGroupRow {
  id: number;
  groupName: string;
  groupChName: string;
  channelTypeName: string;
  controlMethod: 'Switch' | 'IR Control';
  isOn: boolean;
}

export interface ControlChannelRow {
  id: number;
  groupId: number;
  chName: string;
  name: string;
  action: ChannelAction;
  status: ChannelStatus;
}

/**
 * A group's status from its channels: `on` when any channel reports on,
 * `offline` when every channel is offline (or it has none), else `off`.
 */
export function groupStatus(statuses: readonly ChannelStatus[]): ChannelStatus {
  if (statuses.includes('on')) return 'on';
  if (statuses.every((status) => status === 'offline')) return 'offline';
  return 'off';
}

/** The Overview's controls: one entry per channel group, its channels in the given order. */
export function overviewControls(
  groups: readonly ControlGroupRow[],
  channels: readonly ControlChannelRow[],
) {
  return groups.map((group) => {
    const details = channels
      .filter((channel) => channel.groupId === group.id)
      .map((channel) => ({
        channelScheduleId: channel.id,
        chName: channel.chName,
        name: channel.name,
        action: channel.action,
        status: channel.status,
      }));
    return {
      controlMode: group.controlMethod,
      deviceModelName: group.channelTypeName,
      status: groupStatus(details.map((detail) => detail.status)),
      channelGroupId: group.id,
      groupName: group.groupName,
      groupChName: group.groupChName,
      isOn: group.isOn,
      details,
    };
  });
}
