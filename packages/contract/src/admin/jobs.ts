import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { isoDateTime } from '../time.ts';
import { adminRequest, nullableIsoDateTime } from './common.ts';

/**
 * Background recomputations of a factory's rollups: 'time-zone' (the hourly
 * and daily buckets re-aligned to a new zone), 'virtual-members' (a virtual
 * node's sums after its members changed) and 'recompute' (a node's rollups
 * rebuilt from its raw readings over a range, Admin › Monitoring points). One
 * runs at a time per factory.
 * Progress: `done` of `total` days; a server restart marks a running job
 * failed ('interrupted') — start it again as it was started (save the same
 * setting, or Recompute the point again).
 */
export const adminJobKind = z.enum(['time-zone', 'virtual-members', 'recompute']);
export const adminJobState = z.enum(['running', 'done', 'failed']);
export const adminJob = z.object({
  id: z.number().int(),
  kind: adminJobKind,
  state: adminJobState,
  done: z.number().int(),
  total: z.number().int(),
  /** What it works on, e.g. {fromZone, toZone} or {nodeIds}. */
  detail: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
  startedAt: isoDateTime,
  finishedAt: nullableIsoDateTime,
});
export type AdminJob = z.infer<typeof adminJob>;

export const adminJobListRequest = adminRequest({});
/** Newest first: the running one (if any) and the last 20. Poll it every 2 s while one runs. */
export const adminJobListResponse = withResponseEnvelope({ jobs: z.array(adminJob) });
export type AdminJobListResponse = z.infer<typeof adminJobListResponse>;

export const adminJobList = defineCall({
  method: 'POST',
  path: '/v1/Admin/Job/List',
  auth: true,
  request: adminJobListRequest,
  response: adminJobListResponse,
});
