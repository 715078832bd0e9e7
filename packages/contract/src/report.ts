import { z } from 'zod';
import { defineCall } from './call.ts';
import { channelListEntry } from './channel.ts';
import { withRequestEnvelope, withResponseEnvelope } from './envelope.ts';
import { nullableNumeric, numericId } from './numeric.ts';
import { orderedRange, reportRangeFields } from './report-range.ts';
import { isoDateTime } from './time.ts';

export * from './report-range.ts';
export * from './report-energy.ts';
export * from './report-export.ts';

/**
 * One stored reading of one circuit (channel) of a smart meter, flat so it
 * exports to CSV as it is. Columns A/B/C carry the wiring's phases in order:
 * wye a,b,c → A,B,C; delta ab,bc,ca → A,B,C (line to line); single-phase
 * three-wire l1,l2 → A,B; single `value` → A. Phases the wiring lacks are null.
 * Apparent power per phase is V × I / 1000, reactive √(S² − P²) (magnitude: the
 * meter reports no sign); `_Total` sums the phases (realPowerKW_Total is the
 * meter's own total kW when it sends one); powerFactor_Total = |P| / S.
 * kwh* are the meter's cumulative counters at the reading; kwhTotal = forward − reverse.
 * kvarhLagging is the meter's cumulative lagging reactive counter (issue #24), null when
 * the meter has none (optional: a row without it reads as one without the counter).
 * dtReading / dtReceived are factory-local with the offset (2026-11-21T14:03:00+08:00).
 * Units: V, A, kW, kVA, kvar, kWh, kvarh, Hz, °C.
 */
export const reportRow = z.object({
  smartmeterId: numericId,
  channelId: numericId,
  serialNumber: z.string(),
  /** When the meter took the reading, and when the server stored it. */
  dtReading: isoDateTime,
  dtReceived: isoDateTime,
  voltage_A: nullableNumeric,
  voltage_B: nullableNumeric,
  voltage_C: nullableNumeric,
  current_A: nullableNumeric,
  current_B: nullableNumeric,
  current_C: nullableNumeric,
  realPowerKW_A: nullableNumeric,
  realPowerKW_B: nullableNumeric,
  realPowerKW_C: nullableNumeric,
  realPowerKW_Total: nullableNumeric,
  apparentPowerKVA_A: nullableNumeric,
  apparentPowerKVA_B: nullableNumeric,
  apparentPowerKVA_C: nullableNumeric,
  apparentPowerKVA_Total: nullableNumeric,
  reactivePowerKVAR_A: nullableNumeric,
  reactivePowerKVAR_B: nullableNumeric,
  reactivePowerKVAR_C: nullableNumeric,
  reactivePowerKVAR_Total: nullableNumeric,
  powerFactor_A: nullableNumeric,
  powerFactor_B: nullableNumeric,
  powerFactor_C: nullableNumeric,
  powerFactor_Total: nullableNumeric,
  kwhForward: nullableNumeric,
  kwhReverse: nullableNumeric,
  kwhTotal: nullableNumeric,
  kvarhLagging: nullableNumeric.optional(),
  frequencyHz: nullableNumeric,
  temperature: nullableNumeric,
});
export type ReportRow = z.infer<typeof reportRow>;

/** The row's fields in column order (CSV/xlsx columns, table columns). */
export const REPORT_ROW_FIELDS = Object.keys(reportRow.shape) as (keyof ReportRow)[];

/**
 * Most rows one report answer holds. A range (without `pageSize`) holding more
 * answers statusCode 201 with a message naming the cap and suggesting the export.
 */
export const REPORT_ROW_CAP = 50_000;

/**
 * Keyset cursor: the last row's reading time (UTC ISO 8601, ms) and channel id,
 * `2026-11-21T06:03:00.000Z~42`. Rows are ordered by (dtReading, channelId).
 */
export const reportCursor = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z~\d{1,10}$/,
    'after must be a cursor the report returned as nextCursor',
  );

export const channelReportRequest = withRequestEnvelope({
  ...reportRangeFields,
  /**
   * Page size; when present the answer is one page (at most this many rows) and a nextCursor.
   * Pages of a few thousand rows answer in well under a second; a whole 50,000-row answer
   * takes seconds (most of it checking 1.6 M fields against this contract).
   */
  pageSize: z.number().int().min(1).max(REPORT_ROW_CAP).optional(),
  /** The previous page's nextCursor: rows strictly after it. */
  after: reportCursor.optional(),
}).refine(orderedRange.check, orderedRange.message);
export type ChannelReportRequest = z.input<typeof channelReportRequest>;

export const channelReportResponse = withResponseEnvelope({
  /** The meter's circuits, so rows can be labelled by channel. */
  channelList: z.array(channelListEntry),
  reportList: z.array(reportRow),
  /** Cursor of the last row when more rows follow in the range; null at the end. */
  nextCursor: reportCursor.nullable().optional(),
});
export type ChannelReportResponse = z.infer<typeof channelReportResponse>;

export const channelReport = defineCall({
  method: 'POST',
  path: '/v1/Web/Factory/Channel/Report',
  auth: true,
  request: channelReportRequest,
  response: channelReportResponse,
});
