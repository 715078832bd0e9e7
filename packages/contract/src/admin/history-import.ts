import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { adminRequest } from './common.ts';

/**
 * Admin › Import (issue #25): history from CSV. The client sends the file in
 * chunks of whole lines, each with the header line first (docs/history-import.md,
 * decision 0070), so the server never holds more than one chunk and a chunk sent
 * twice changes nothing: readings are keyed by (meter, time).
 */
export const HISTORY_IMPORT_FORMATS = ['readings', 'interval'] as const;
export type HistoryImportFormat = (typeof HISTORY_IMPORT_FORMATS)[number];

/** The most characters one chunk may carry; the client cuts files into chunks below this. */
export const HISTORY_CHUNK_MAX_CHARS = 2_000_000;
/** Rows the preview maps and shows. */
export const HISTORY_PREVIEW_ROWS = 20;
/** Refusals one answer lists in full; `refusedCount` counts them all. */
export const HISTORY_REFUSALS_LISTED = 100;

const column = z.string().trim().min(1, 'column name is empty').max(100, 'column name is too long');

/** Which CSV column holds which value (header names); absent = the file has none. */
export const historyMapping = z.object({
  time: column,
  serial: column.optional(),
  kwh: column,
  kw: column.optional(),
  voltage: column.optional(),
  current: column.optional(),
  pf: column.optional(),
  kvarh: column.optional(),
});
export type HistoryMapping = z.infer<typeof historyMapping>;
export const HISTORY_FIELDS = [
  'time',
  'serial',
  'kwh',
  'kw',
  'voltage',
  'current',
  'pf',
  'kvarh',
] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];

const chunkFields = {
  format: z.enum(HISTORY_IMPORT_FORMATS, { error: 'format must be readings or interval' }),
  /** Absent in a preview: the server guesses it from the header. */
  mapping: historyMapping.optional(),
  /** Every row's meter when the file has no serial column (one meter's utility export). */
  meterSerial: z.string().trim().min(1, 'meterSerial is empty').max(64).optional(),
  /** Interval files: minutes per row, and whether a row's time is its interval's start or end. */
  intervalMinutes: z.number().int().min(1).max(1440).default(15),
  intervalTime: z.enum(['start', 'end']).default('end'),
  /** The file's row number of the chunk's first data row (1 = the first row after the header). */
  firstRow: z.number().int().min(1).max(1e9).default(1),
  csv: z
    .string({ error: 'csv is required' })
    .min(1, 'csv is required')
    .max(HISTORY_CHUNK_MAX_CHARS, `csv is at most ${HISTORY_CHUNK_MAX_CHARS} characters`),
};

/**
 * Why a row was refused, as a fixed kind the client tells in its language;
 * `value` is the cell at fault (or the serial), `reason` the same in English
 * for API users and logs.
 */
export const HISTORY_REFUSAL_KINDS = [
  'missingTime',
  'badTime',
  'missingSerial',
  'badNumber',
  'notSorted',
  'negativeEnergy',
  'laterReadings',
  'unknownMeter',
  'future',
  'tooOld',
  'outOfRange',
  'other',
] as const;
export type HistoryRefusalKind = (typeof HISTORY_REFUSAL_KINDS)[number];

export const historyRefusal = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  kind: z.enum(HISTORY_REFUSAL_KINDS),
  value: z.string().nullable(),
  reason: z.string(),
});
export type HistoryRefusal = z.infer<typeof historyRefusal>;

export const historyPreviewRow = z.object({
  row: z.number().int(),
  serial: z.string(),
  ts: z.string(),
  kwh: z.number(),
  kw: z.number().nullable(),
});

/** Maps the first rows of a chunk (the file's start) and says what would be refused; stores nothing. */
export const adminHistoryImportPreview = defineCall({
  method: 'POST',
  path: '/v1/Admin/HistoryImport/Preview',
  auth: true,
  request: adminRequest(chunkFields),
  response: withResponseEnvelope({
    columns: z.array(z.string()).optional(),
    mapping: historyMapping.nullable().optional(),
    rows: z.array(historyPreviewRow).optional(),
    refused: z.array(historyRefusal).optional(),
  }),
});

/** Imports one chunk through the ingest pipeline (rollups, cost; no alarms). */
export const adminHistoryImportChunk = defineCall({
  method: 'POST',
  path: '/v1/Admin/HistoryImport/Chunk',
  auth: true,
  request: adminRequest({ ...chunkFields, mapping: historyMapping }),
  response: withResponseEnvelope({
    rows: z.number().int().optional(),
    accepted: z.number().int().optional(),
    duplicates: z.number().int().optional(),
    refusedCount: z.number().int().optional(),
    refused: z.array(historyRefusal).optional(),
  }),
});
export type HistoryChunkRequest = z.output<typeof adminHistoryImportChunk.request>;
