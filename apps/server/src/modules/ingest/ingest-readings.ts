import type { IngestRejection, IngestResponse } from '@wattboard/contract';
import type { Db } from '../../platform/db/db.ts';
import type { NormalizedReading } from '../rollups/index.ts';
import { storeReadings } from '../rollups/index.ts';
import { checkReading } from './check-reading.ts';
import { invalidateIngestNodes, loadIngestNodes } from './repo/ingest-nodes.ts';

export interface IngestOptions {
  /** The server clock for the "not from the future" rule; injectable for tests. */
  now?: Date;
  /** MQTT: the meter the topic names; readings of other nodes are refused. */
  meterSerial?: string;
  /** Refuse readings older than this many days (RAW_RETENTION_DAYS); no limit when absent. */
  retentionDays?: number;
}

export interface IngestResult extends IngestResponse {
  /** The readings newly stored (not duplicates), for alarms and the hub. */
  stored: NormalizedReading[];
  /**
   * Resolves once the rollups and latest_readings include them (the rollup
   * worker runs behind the acknowledgement). Never rejects.
   */
  rollupsSettled: Promise<void>;
}

function rawSerial(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const serial = (raw as Record<string, unknown>).serial;
  return typeof serial === 'string' ? serial.trim() : undefined;
}

export interface CheckedBatch {
  good: NormalizedReading[];
  rejected: IngestRejection[];
}

/**
 * Judges every reading of a wire batch on its own (one query for the nodes it
 * names): the good ones normalized, each bad one with its index and reason.
 */
export async function checkReadings(
  db: Db,
  factoryId: number,
  wire: readonly unknown[],
  options: IngestOptions = {},
): Promise<CheckedBatch> {
  const serials = wire.map(rawSerial).filter((serial) => serial !== undefined);
  const nodes = await loadIngestNodes(db, factoryId, serials);
  const context = {
    nodes,
    now: options.now ?? new Date(),
    ...(options.meterSerial !== undefined ? { meterSerial: options.meterSerial } : {}),
    ...(options.retentionDays !== undefined ? { retentionDays: options.retentionDays } : {}),
  };

  const rejected: IngestRejection[] = [];
  const good: NormalizedReading[] = [];
  wire.forEach((raw, index) => {
    const verdict = checkReading(raw, context);
    if (verdict.ok) good.push(verdict.reading);
    else rejected.push({ index, serial: verdict.serial, reason: verdict.reason });
  });
  return { good, rejected };
}

/** Stores the good readings of a checked batch in one transaction; resolves after the commit. */
export async function storeChecked(
  db: Db,
  factoryId: number,
  checked: CheckedBatch,
): Promise<IngestResult> {
  // storeReadings also counts a (node, ts) repeated within the batch as a duplicate.
  let result;
  try {
    result =
      checked.good.length > 0
        ? await storeReadings(db, factoryId, checked.good)
        : { stored: [], duplicates: 0, rollupsSettled: Promise.resolve() };
  } catch (error) {
    // A cached node deleted since (a foreign-key failure) must not fail every
    // retry of the batch: the retry asks the database again.
    invalidateIngestNodes(db, factoryId);
    throw error;
  }
  return {
    accepted: result.stored.length,
    duplicates: result.duplicates,
    rejected: checked.rejected,
    stored: result.stored,
    rollupsSettled: result.rollupsSettled,
  };
}

/**
 * Checks and stores a batch, and nothing else: no alarms, no hub. The server's
 * ingest paths call `app.ingest` (ingest-plugin.ts), which also announces what
 * was stored; this is for the benchmark and tests that measure the pipeline.
 * A reading repeated in the batch, or already stored, counts as a duplicate.
 */
export async function ingestReadings(
  db: Db,
  factoryId: number,
  wire: readonly unknown[],
  options: IngestOptions = {},
): Promise<IngestResult> {
  return storeChecked(db, factoryId, await checkReadings(db, factoryId, wire, options));
}
