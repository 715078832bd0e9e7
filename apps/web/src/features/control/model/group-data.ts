import type { ChannelAction, ChannelGroupResponse, ChannelScheduleItem } from '@wattboard/contract';

export type GroupData = Pick<ChannelGroupResponse, 'groupList' | 'channelScheduleList'>;
export type GroupEntry = GroupData['groupList'][number];

export interface GroupWithChannels {
  group: GroupEntry;
  channels: ChannelScheduleItem[];
}

/** Groups in the server's order, each with its channels in the server's order. */
export function groupsWithChannels(data: GroupData): GroupWithChannels[] {
  return data.groupList.map((group) => ({
    group,
    channels: data.channelScheduleList.filter((c) => c.channelGroupId === group.channelGroupId),
  }));
}

/** Optimistic form of updateGroupStatus: the master switches as requested. */
export function withGroupStatus<T extends GroupData>(
  data: T,
  updates: readonly { channelGroupId: number; isOn: boolean }[],
): T {
  const wanted = new Map(updates.map((u) => [u.channelGroupId, u.isOn]));
  return {
    ...data,
    groupList: data.groupList.map((g) =>
      wanted.has(g.channelGroupId) ? { ...g, isOn: wanted.get(g.channelGroupId)! } : g,
    ),
  };
}

/**
 * Optimistic form of updateChannelStatus / updateChannelInfo: each channel
 * takes its new action and, when given, its new group (with that group's name).
 */
export function withChannelActions<T extends GroupData>(
  data: T,
  updates: readonly { channelScheduleId: number; action: ChannelAction; channelGroupId?: number }[],
): T {
  const byId = new Map(updates.map((u) => [u.channelScheduleId, u]));
  const groups = new Map(data.groupList.map((g) => [g.channelGroupId, g]));
  return {
    ...data,
    channelScheduleList: data.channelScheduleList.map((channel) => {
      const update = byId.get(channel.channelScheduleId);
      if (!update) return channel;
      const group =
        update.channelGroupId === undefined ? undefined : groups.get(update.channelGroupId);
      return {
        ...channel,
        action: update.action,
        ...(group
          ? {
              channelGroupId: group.channelGroupId,
              groupName: group.groupName,
              groupChName: group.groupChName,
              channelTypeName: group.channelTypeName,
            }
          : {}),
      };
    }),
  };
}

/** Groups a channel may move to: those of its own device type (a relay cannot become an IR unit). */
export function movableGroups(data: GroupData, channel: ChannelScheduleItem): GroupEntry[] {
  return data.groupList.filter((g) => g.channelTypeName === channel.channelTypeName);
}
