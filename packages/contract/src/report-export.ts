import { z } from 'zod';
import { defineCall } from './call.ts';
import { withRequestEnvelope, withResponseEnvelope } from './envelope.ts';
import { energyInterval } from './report-energy.ts';
import { orderedRange, reportRangeFields } from './report-range.ts';
import { isoDateTime } from './time.ts';

export const exportFormat = z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx' });
export type ExportFormat = z.infer<typeof exportFormat>;

/** Language of the file's headers (and its name). */
export const exportLang = z.enum(['en', 'zh-TW'], { error: 'lang must be en or zh-TW' });
export type ExportLang = z.infer<typeof exportLang>;

/** What to export: the readings table, or the energy table at `interval`. */
export const exportKind = z.enum(['readings', 'energy'], {
  error: 'kind must be readings or energy',
});
export type ExportKind = z.infer<typeof exportKind>;

export const reportExportFields = {
  ...reportRangeFields,
  format: exportFormat,
  lang: exportLang.default('en'),
  kind: exportKind.default('readings'),
  /** Energy exports only. */
  interval: energyInterval.default('hour'),
};

/**
 * POST /v1/Web/Factory/Channel/Report/Export with the bearer token: the answer
 * IS the file (text/csv or .xlsx), streamed, with Content-Disposition naming
 * meter, range and language. Fetch it as a stream/blob. Refusals answer JSON
 * (errorResponse) with HTTP 400 (bad field, range), 401, or 404 (factory 1008,
 * meter 1010).
 */
export const REPORT_EXPORT_PATH = '/v1/Web/Factory/Channel/Report/Export';
export const reportExportRequest = withRequestEnvelope(reportExportFields).refine(
  orderedRange.check,
  orderedRange.message,
);
export type ReportExportRequest = z.input<typeof reportExportRequest>;

/** How long a signed download link works. */
export const EXPORT_LINK_LIFETIME_MS = 5 * 60_000;

export const reportExportLinkResponse = withResponseEnvelope({
  /**
   * GET this (same origin, no token needed: `?token=` is signed and bound to the
   * user's session, factory, meter, range, channels, format, kind and language)
   * to download the file, e.g. by navigating to it or an <a download>.
   */
  url: z.string(),
  fileName: z.string(),
  dtExpire: isoDateTime,
});
export type ReportExportLinkResponse = z.infer<typeof reportExportLinkResponse>;

/**
 * A short-lived signed download link for the same export: the browser
 * downloads to disk with its own progress, however large the file.
 * Business failures (1008, 1010, a bad range) answer the usual HTTP 200 envelope.
 */
export const reportExportLink = defineCall({
  method: 'POST',
  path: '/v1/Web/Factory/Channel/Report/ExportLink',
  auth: true,
  request: reportExportRequest,
  response: reportExportLinkResponse,
});
