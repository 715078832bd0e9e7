import type { ChannelListEntry, ReportRow } from '@wattboard/contract';
import { channelDisplayName } from '@/lib/channel-names';

/** What the readings table holds after some pages of the keyset-paged answer. */
export interface LoadedReadings {
  rows: ReportRow[];
  /** The table holds the most rows it keeps, yet the range has more: the export has them all. */
  capped: boolean;
}

/**
 * Joins the pages in order and stops at `cap` rows: the browser keeps a
 * table it can scroll smoothly, and the exports (streamed by the server)
 * hold the whole range.
 */
export function collectRows(
  pages: readonly { reportList: readonly ReportRow[] }[],
  hasNextPage: boolean,
  cap: number,
): LoadedReadings {
  const rows: ReportRow[] = [];
  for (const page of pages) {
    for (const row of page.reportList) {
      if (rows.length >= cap) return { rows, capped: true };
      rows.push(row);
    }
  }
  return { rows, capped: hasNextPage && rows.length >= cap };
}

/** May the table ask for the next page: more rows follow and the cap is not reached. */
export function canLoadMore(loaded: LoadedReadings, hasNextPage: boolean): boolean {
  return hasNextPage && !loaded.capped;
}

/** Channel id → its name in the page's language, for the rows' Channel column. */
export function channelNames(
  channels: readonly ChannelListEntry[],
  language: string,
): Map<number, string> {
  return new Map(channels.map((channel) => [channel.id, channelDisplayName(channel, language)]));
}
