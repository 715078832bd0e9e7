import type { ChannelListEntry } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import type { ReportChannel } from '../calc/report-row.ts';

/** A channel of a meter's report: the meter itself or one of its circuits. */
export interface MeterChannel extends ReportChannel {
  chName: string;
  name: string;
  type: string;
}

export interface Meter {
  id: number;
  name: string;
  chName: string;
  /** The meter first (its own readings are the meter's total), then its circuits in list order. */
  channels: MeterChannel[];
}

/**
 * The smart meter with its measured channels, only when it belongs to the
 * factory and is a smart meter: anything else is "not found" (1010).
 */
export async function findMeter(
  db: Queryable,
  factoryId: number,
  meterId: number,
): Promise<Meter | null> {
  const rows = await db.query<MeterChannel & { parentId: number | null }>(
    `SELECT id, parent_id AS "parentId", type, ch_name AS "chName", name, wiring, serial
       FROM nodes
      WHERE factory_id = $1 AND type <> 'virtual'
        AND (id = $2 OR parent_id = $2)
      ORDER BY (id <> $2), sort_order, id`,
    [factoryId, meterId],
  );
  const meter = rows[0];
  if (!meter || meter.id !== meterId || meter.type !== 'smartMeter') return null;
  return {
    id: meter.id,
    name: meter.name,
    chName: meter.chName,
    channels: rows.map(({ id, type, chName, name, wiring, serial }) => ({
      id,
      type,
      chName,
      name,
      wiring,
      serial,
    })),
  };
}

/** The channels a request selects: all of them, or those listed (unknown ids are ignored). */
export function selectChannels(meter: Meter, channelIds: readonly number[] | undefined) {
  if (!channelIds || channelIds.length === 0) return meter.channels;
  const wanted = new Set(channelIds);
  return meter.channels.filter((channel) => wanted.has(channel.id));
}

export function channelListOf(channels: readonly MeterChannel[]): ChannelListEntry[] {
  return channels.map(({ id, chName, name, type }) => ({
    id,
    chName,
    name,
    type,
    isVirtual: false,
  }));
}
