import { channelDisplayName } from '@/lib/channel-names';

/** A billing point's monitoring point in the page's language (chName in 中文, name in English). */
export function pointName(
  point: { nodeId: number; chName: string; name: string },
  language: string,
): string {
  return channelDisplayName({ id: point.nodeId, chName: point.chName, name: point.name }, language);
}
