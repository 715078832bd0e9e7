import type { ChannelListEntry } from '@wattboard/contract';
import { normalizeLanguage } from './i18n';

/** chName is Chinese, name English; the other one when a name is blank. */
export function channelDisplayName(
  channel: Pick<ChannelListEntry, 'chName' | 'name' | 'id'>,
  language: string,
): string {
  const [preferred, other] =
    normalizeLanguage(language) === 'zh'
      ? [channel.chName, channel.name]
      : [channel.name, channel.chName];
  return preferred.trim() || other.trim() || `#${channel.id}`;
}

/** A channel group's name in the page's language, by the same rule as a node's (groupChName in Chinese). */
export function groupDisplayName(
  group: { channelGroupId: number; groupName: string; groupChName?: string | undefined },
  language: string,
): string {
  return channelDisplayName(
    { id: group.channelGroupId, name: group.groupName, chName: group.groupChName ?? '' },
    language,
  );
}

/** The translation key of a node type, or null for a type this client does not know. */
export function channelTypeKey(type: string): string | null {
  return ['smartMeter', 'circuit', 'virtual'].includes(type) ? `channel.types.${type}` : null;
}
