import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { inputId } from '../input.ts';
import { isoDateTime } from '../time.ts';
import {
  adminExportLang,
  adminRequest,
  dayRangeFields,
  dayRangeOrdered,
  nextBeforeId,
  nullableIsoDateTime,
  pageFields,
} from './common.ts';

export const eventStateFilter = z.enum(['unresolved', 'resolved'], {
  error: 'state must be unresolved or resolved',
});

/** Filters: the node, the target (voltage, current, …, offline, test), state, opened between days. */
export const eventFilterFields = {
  nodeId: inputId.optional(),
  target: z
    .string()
    .regex(/^[a-z]{1,20}$/, 'target must be a target name such as voltage')
    .optional(),
  state: eventStateFilter.optional(),
  ...dayRangeFields,
};

export const adminEvent = z.object({
  id: z.number().int(),
  nodeId: z.number().int().nullable(),
  nodeName: z.string().nullable(),
  nodeChName: z.string().nullable(),
  target: z.string(),
  /** `demand`: a demand warning; `anomaly`: a point away from its typical day (decision 0082). */
  kind: z.enum(['threshold', 'offline', 'test', 'demand', 'anomaly']),
  titleText: z.string(),
  descText: z.string(),
  title: z.string(),
  desc: z.string(),
  value: z.number().nullable(),
  thresholdLow: z.number().nullable(),
  thresholdHigh: z.number().nullable(),
  state: eventStateFilter,
  openedAt: isoDateTime,
  lastBreachAt: isoDateTime,
  resolvedAt: nullableIsoDateTime,
  /** Who cleared it (their name), or null. */
  resolvedBy: z.string().nullable(),
});
export type AdminEvent = z.infer<typeof adminEvent>;

export const adminEventListRequest = adminRequest({ ...eventFilterFields, ...pageFields }).refine(
  dayRangeOrdered.check,
  dayRangeOrdered.message,
);
export const adminEventListResponse = withResponseEnvelope({
  events: z.array(adminEvent),
  nextBeforeId,
});
export type AdminEventListResponse = z.infer<typeof adminEventListResponse>;

export const adminEventList = defineCall({
  method: 'POST',
  path: '/v1/Admin/Event/List',
  auth: true,
  request: adminEventListRequest,
  response: adminEventListResponse,
});

/**
 * POST with the bearer token: the answer IS the file, text/csv UTF-8 with BOM,
 * every event of the filter (newest first), `alarm-events-<from>-<to>.csv`.
 * Columns: id, opened, node, target, title, value, low, high, state, cleared,
 * cleared by; titles and headers in `lang`.
 */
export const ADMIN_EVENT_EXPORT_PATH = '/v1/Admin/Event/Export';
export const adminEventExportRequest = adminRequest({
  ...eventFilterFields,
  lang: adminExportLang.default('en'),
}).refine(dayRangeOrdered.check, dayRangeOrdered.message);
export type AdminEventExportRequest = z.input<typeof adminEventExportRequest>;
