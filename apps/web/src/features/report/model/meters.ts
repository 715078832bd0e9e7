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

/** What the URL's deviceId selects: a meter, and one of its circuits or null for all of them. */
export interface MeterSelection {
  meterId: number;
  channelId: number | null;
}

/**
 * The meter and circuit a deviceId names. A circuit hangs only under a smart
 * meter, and the channel list is the tree flattened depth-first, so a
 * circuit's meter is the nearest meter before it in the list: a link to a
 * circuit opens its meter with that circuit chosen (issue #23), not the meter's
 * "All channels". Anything else falls back as meterFor does, with no circuit.
 */
export function selectionFor(
  deviceId: number,
  channels: readonly ChannelListEntry[],
): MeterSelection {
  const index = channels.findIndex((channel) => channel.id === deviceId);
  if (index >= 0 && channels[index]!.type === 'circuit') {
    const meter = channels.slice(0, index).findLast((channel) => channel.type === 'smartMeter');
    if (meter) return { meterId: meter.id, channelId: deviceId };
  }
  return { meterId: meterFor(deviceId, smartMeters(channels)), channelId: null };
}
