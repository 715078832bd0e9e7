import { z } from 'zod';
import { defineCall } from './call.ts';
import { factoryIdField } from './channel.ts';
import { messageResponse, withRequestEnvelope, withResponseEnvelope } from './envelope.ts';
import { inputId } from './input.ts';
import { numericId } from './numeric.ts';
import { isoDateTime } from './time.ts';

/** What a channel is told to do. */
export const channelAction = z.enum(['on', 'auto', 'timer', 'off']);
export type ChannelAction = z.infer<typeof channelAction>;

/** What the device last reported. */
export const channelStatus = z.enum(['on', 'off', 'offline']);
export type ChannelStatus = z.infer<typeof channelStatus>;

/** The two ways a channel is driven (shown as "Switch" and "Ir Control"). */
export const controlMethodName = z.enum(['Switch', 'IR Control']);
export type ControlMethodName = z.infer<typeof controlMethodName>;

/** A channel group; `isOn` is its master switch (off forces every channel off). */
export const channelGroupEntry = z.object({
  channelGroupId: numericId,
  channelTypeName: z.string(),
  groupName: z.string(),
  /** Additive: the group's Chinese name (as a node's chName); blank shows groupName. */
  groupChName: z.string().default(''),
  isOn: z.boolean(),
});
export type ChannelGroupEntry = z.infer<typeof channelGroupEntry>;

/** One controlled channel. */
export const channelScheduleItem = z.object({
  channelScheduleId: numericId,
  channelGroupId: numericId,
  groupName: z.string(),
  /** Additive: the group's Chinese name; blank shows groupName. */
  groupChName: z.string().default(''),
  channelTypeName: z.string(),
  chName: z.string(),
  name: z.string(),
  action: channelAction,
  status: channelStatus,
  /** Additive: how the channel is driven; the page shows IR options for 'IR Control'. */
  controlMethod: controlMethodName.optional(),
  /** Additive: when the device last confirmed or reported its status (null: never). */
  dtStatusReported: isoDateTime.nullable().optional(),
  /** Additive: the state of a command sent and not yet confirmed by the device (null: none). */
  pendingState: z.enum(['on', 'off']).nullable().optional(),
});
export type ChannelScheduleItem = z.infer<typeof channelScheduleItem>;

export const channelGroupRequest = withRequestEnvelope({ factoryId: factoryIdField });
export const channelGroupResponse = withResponseEnvelope({
  groupList: z.array(channelGroupEntry),
  channelScheduleList: z.array(channelScheduleItem),
});
export type ChannelGroupResponse = z.infer<typeof channelGroupResponse>;

export const channelGroup = defineCall({
  method: 'POST',
  path: '/v1/Channel/Group',
  auth: true,
  request: channelGroupRequest,
  response: channelGroupResponse,
});

const GROUP_UPDATE_PATH = '/v1/Channel/Group/Update';

export const channelGroupUpdateStatusRequest = withRequestEnvelope({
  factoryId: factoryIdField,
  groupUpdateList: z.array(z.object({ channelGroupId: inputId, isOn: z.boolean() })),
});

export const channelGroupUpdateStatus = defineCall({
  method: 'POST',
  path: GROUP_UPDATE_PATH,
  query: { action: 'updateGroupStatus' },
  auth: true,
  request: channelGroupUpdateStatusRequest,
  response: messageResponse,
});

/** Moves channels between groups and sets their action. */
export const channelGroupUpdateInfoRequest = withRequestEnvelope({
  factoryId: factoryIdField,
  channelUpdateList: z.array(
    z.object({ channelScheduleId: inputId, channelGroupId: inputId, action: channelAction }),
  ),
});

export const channelGroupUpdateInfo = defineCall({
  method: 'POST',
  path: GROUP_UPDATE_PATH,
  query: { action: 'updateChannelInfo' },
  auth: true,
  request: channelGroupUpdateInfoRequest,
  response: messageResponse,
});

export const channelGroupUpdateChannelStatusRequest = withRequestEnvelope({
  factoryId: factoryIdField,
  channelUpdateList: z.array(z.object({ channelScheduleId: inputId, action: channelAction })),
});

export const channelGroupUpdateChannelStatus = defineCall({
  method: 'POST',
  path: GROUP_UPDATE_PATH,
  query: { action: 'updateChannelStatus' },
  auth: true,
  request: channelGroupUpdateChannelStatusRequest,
  response: messageResponse,
});
