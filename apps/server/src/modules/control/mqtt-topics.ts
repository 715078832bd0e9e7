import { z } from 'zod';
import { selectedOption } from '@wattboard/contract';

/** `{prefix}/{factory}/channel/{id}/command`: where a channel's commands go. */
export function commandTopic(prefix: string, factory: string, channelId: number): string {
  return `${prefix}/${factory}/channel/${channelId}/command`;
}

/** Every channel's state reports, shared among the instances so each is handled once. */
export function stateSubscription(prefix: string, shareGroup: string): string {
  return `$share/${shareGroup}/${prefix}/+/channel/+/state`;
}

/** Reads `{prefix}/{factory}/channel/{id}/state`; anything else is null. */
export function parseStateTopic(
  topic: string,
  prefix: string,
): { factory: string; channelId: number } | null {
  if (!topic.startsWith(`${prefix}/`)) return null;
  const parts = topic.slice(prefix.length + 1).split('/');
  if (parts.length !== 4 || parts[1] !== 'channel' || parts[3] !== 'state') return null;
  const channelId = Number(parts[2]);
  if (!parts[0] || !/^\d{1,9}$/.test(parts[2] ?? '') || !Number.isSafeInteger(channelId))
    return null;
  return { factory: parts[0], channelId };
}

/** What the server publishes: the command id the device echoes, the state, IR options. */
export const commandMessage = z.object({
  commandId: z.number().int().positive(),
  state: z.enum(['on', 'off']),
  options: selectedOption.nullable(),
});
export type CommandMessage = z.infer<typeof commandMessage>;

/** What a device publishes: its state, and the command it answers (absent for a spontaneous report). */
export const stateMessage = z.object({
  commandId: z.number().int().positive().optional(),
  state: z.enum(['on', 'off']),
});
