import { z } from 'zod';
import { defineCall } from './call.ts';
import { withRequestEnvelope, withResponseEnvelope } from './envelope.ts';
import { inputId } from './input.ts';
import { numericId } from './numeric.ts';
import { ianaTimeZone } from './time.ts';

/** `factoryId` 0 means "the caller's factory". */
export const factoryIdField = inputId.default(0);

export const nodeType = z.enum(['smartMeter', 'circuit', 'virtual']);
export type NodeType = z.infer<typeof nodeType>;

/** One monitoring point of the flattened node tree. */
export const channelListEntry = z.object({
  id: numericId,
  chName: z.string(),
  name: z.string(),
  type: z.string(),
  isVirtual: z.boolean().default(false),
});
export type ChannelListEntry = z.infer<typeof channelListEntry>;

/** ISO 8601 local time with the factory's offset, e.g. 2026-11-21T14:03:05+08:00. */
export const factoryLocalDateTime = z.iso.datetime({ offset: true, local: false });

export const channelListRequest = withRequestEnvelope({ factoryId: factoryIdField });
export const channelListResponse = withResponseEnvelope({
  dtNowFactory: factoryLocalDateTime,
  /** IANA zone of the factory (e.g. Asia/Taipei); the client's clock and "today" use it. */
  timeZone: ianaTimeZone.optional(),
  channelList: z.array(channelListEntry),
});
export type ChannelListResponse = z.infer<typeof channelListResponse>;

export const channelList = defineCall({
  method: 'POST',
  path: '/v1/Web/Factory/Channel/List',
  auth: true,
  request: channelListRequest,
  response: channelListResponse,
});
