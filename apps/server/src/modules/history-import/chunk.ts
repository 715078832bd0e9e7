import {
  type HistoryChunkRequest,
  type HistoryMapping,
  type HistoryRefusal,
} from '@wattboard/contract';
import type { ZoneClock } from '@wattboard/zone-time';
import type { Db } from '../../platform/db/db.ts';
import { checkReadings, ingestReadings, loadIngestNodes } from '../ingest/index.ts';
import { mapRows, mappingProblem } from './calc/map-rows.ts';
import { parseChunk } from './calc/parse-chunk.ts';
import {
  columnOfReason,
  kindOfReason,
  readingTime,
  toWire,
  type WireOptions,
} from './calc/to-wire.ts';
import { countersBefore, storedSpans } from './repo.ts';

/** A chunk call's own fields (without the request envelope); a preview's mapping is filled in. */
export type ChunkRequest = Pick<
  HistoryChunkRequest,
  'format' | 'meterSerial' | 'intervalMinutes' | 'intervalTime' | 'firstRow' | 'csv'
> & { mapping: HistoryMapping };

export interface ChunkOptions {
  clock: ZoneClock;
  retentionDays?: number;
  /** Preview: map and check, store nothing, stop after this many rows. */
  previewRows?: number;
}

export type ChunkOutcome =
  | { problem: string }
  | {
      rows: number;
      accepted: number;
      duplicates: number;
      refused: HistoryRefusal[];
      readings: { row: number; wire: Record<string, unknown> }[];
    };

/** Ingest's batch limit: a chunk is stored in batches of this many readings. */
const BATCH = 5000;

/**
 * One chunk of a history file through the ingest pipeline: parse, map, turn
 * into wire readings, then ingest's own check and store (same rules, same
 * (node, ts) key, rollups behind it) without the readings feed, so no alarms.
 */
export async function importChunk(
  db: Db,
  factoryId: number,
  request: ChunkRequest,
  options: ChunkOptions,
): Promise<ChunkOutcome> {
  const parsed = parseChunk(request.csv);
  if ('problem' in parsed) return parsed;
  const problem = mappingProblem(request.mapping, parsed.columns, request.meterSerial);
  if (problem) return { problem };
  const records =
    options.previewRows === undefined
      ? parsed.records
      : parsed.records.slice(0, options.previewRows);
  const mapped = mapRows(parsed.columns, records, {
    mapping: request.mapping,
    clock: options.clock,
    firstRow: request.firstRow,
    ...(request.meterSerial !== undefined ? { meterSerial: request.meterSerial } : {}),
  });

  const nodes = await loadIngestNodes(db, factoryId, [
    ...new Set(mapped.rows.map((row) => row.serial)),
  ]);
  const wireOptions: WireOptions = {
    format: request.format,
    intervalMinutes: request.intervalMinutes,
    intervalTime: request.intervalTime,
    wiringOf: (serial: string) => nodes.get(serial)?.wiring ?? undefined,
    baseOf: (_serial: string): number | null => null,
  };
  if (request.format === 'interval') {
    const nodeIds = [...new Set(mapped.rows.flatMap((row) => nodes.get(row.serial)?.id ?? []))];
    const times = mapped.rows.map((row) => readingTime(row, wireOptions));
    const spans = await storedSpans(
      db,
      factoryId,
      nodeIds,
      new Date(times.reduce((a, b) => Math.min(a, b), Infinity)),
      new Date(times.reduce((a, b) => Math.max(a, b), -Infinity)),
    );
    const laterReadingAfter = (serial: string, ts: number) => {
      const span = spans.get(nodes.get(serial)?.id ?? -1);
      return span !== undefined && span.last > ts && !span.within.has(ts);
    };
    // Each node's counter continues from its reading before the first row it will take.
    const firsts = new Map<number, Date>();
    mapped.rows.forEach((row, i) => {
      const node = nodes.get(row.serial);
      if (node && !firsts.has(node.id) && !laterReadingAfter(row.serial, times[i]!)) {
        firsts.set(node.id, new Date(times[i]!));
      }
    });
    const bases = await countersBefore(
      db,
      factoryId,
      [...firsts].map(([nodeId, before]) => ({ nodeId, before })),
    );
    wireOptions.baseOf = (serial) => bases.get(nodes.get(serial)?.id ?? -1) ?? null;
    wireOptions.laterReadingAfter = laterReadingAfter;
  }
  const { readings, refused: orderRefused } = toWire(mapped.rows, wireOptions);
  const refused = [...mapped.refused, ...orderRefused];
  const ingestOptions =
    options.retentionDays !== undefined ? { retentionDays: options.retentionDays } : {};
  // A preview checks with ingest's rules but stores nothing: the same judge, no write.
  const store = async (wire: Record<string, unknown>[]) => {
    if (options.previewRows !== undefined) {
      return {
        accepted: 0,
        duplicates: 0,
        ...(await checkReadings(db, factoryId, wire, ingestOptions)),
      };
    }
    const result = await ingestReadings(db, factoryId, wire, ingestOptions);
    await result.rollupsSettled;
    return result;
  };
  // Anchors (row 0) go first and count for no row: a refused anchor's row is refused for the same reason.
  const anchors = readings.filter((reading) => reading.row === 0);
  if (anchors.length > 0) await store(anchors.map((reading) => reading.wire));
  const rowReadings = readings.filter((reading) => reading.row > 0);
  let accepted = 0;
  let duplicates = 0;
  for (let start = 0; start < rowReadings.length; start += BATCH) {
    const batch = rowReadings.slice(start, start + BATCH);
    const result = await store(batch.map((reading) => reading.wire));
    accepted += result.accepted;
    duplicates += result.duplicates;
    for (const rejection of result.rejected) {
      const kind = kindOfReason(rejection.reason);
      refused.push({
        row: batch[rejection.index]!.row,
        column: columnOfReason(rejection.reason, request.mapping),
        kind,
        value: kind === 'unknownMeter' ? String(batch[rejection.index]!.wire.serial) : null,
        reason: rejection.reason,
      });
    }
  }
  refused.sort((a, b) => a.row - b.row);
  return { rows: records.length, accepted, duplicates, refused, readings: rowReadings };
}
