import type { ChannelListEntry } from '@wattboard/contract';

/** The report reads a smart meter's records: only meters are offered in the picker. */
export function smartMeters(channels: readonly ChannelListEntry[]): ChannelListEntry[] {
  return channels.filter((channel) => channel.type === 'smartMeter');
}

/**
 * The meter the page shows for the URL's deviceId: the node itself when it is
 * a meter, otherwise the first meter (the sidebar link carries the first node
 * of the tree, usually the incoming supply). 0 when the factory has no meter.
 */
export function meterFor(deviceId: number, meters: readonly ChannelListEntry[]): number {
  if (meters.some((meter) => meter.id === deviceId)) return deviceId;
  return meters[0]?.id ?? 0;
}
