import { z } from 'zod';
import { defineCall } from '../call.ts';
import { nodeType } from '../channel.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { boundedLine, inputId, writtenNumber } from '../input.ts';
import { wiring } from '../ingest.ts';
import { isoDateTime, localDate } from '../time.ts';
import { adminRequest, nameText, nullableIsoDateTime } from './common.ts';
import { adminJob } from './jobs.ts';

/**
 * The monitoring-point tree. Rules: a smart meter sits at the top or under a
 * virtual node; a circuit under a smart meter; a virtual node at the top or
 * under a virtual node, and sums the measured nodes beneath it (its members).
 * Meters and circuits have a serial (unique in the factory; the ingest names
 * them by it) and a wiring. Nodes are never deleted: retired ones keep their
 * history, take no readings' place in pickers and can be restored.
 */
export const adminNode = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  type: nodeType,
  name: z.string(),
  chName: z.string(),
  serial: z.string().nullable(),
  wiring: wiring.nullable(),
  breakerType: z.string().nullable(),
  frequencyHz: z.number().nullable(),
  hasReverseKwh: z.boolean(),
  sortOrder: z.number().int(),
  retiredAt: nullableIsoDateTime,
  createdAt: isoDateTime,
  /** Newest reading of a meter or circuit; null for virtual nodes and silent meters. */
  lastReadingAt: nullableIsoDateTime,
  /** The node's own capacity (kW): its demand is predicted and warned (issue #15); null = none. */
  capacityKw: z.number().nullable().optional(),
});
export type AdminNode = z.infer<typeof adminNode>;

export const SERIAL_MAX = 100;
export const serialText = z
  .string({ error: 'serial is required' })
  .trim()
  .min(1, 'serial is required')
  .pipe(boundedLine(SERIAL_MAX, `serial is at most ${SERIAL_MAX} characters`))
  .refine((s) => !/[/#+\s]/.test(s), 'serial must not contain spaces, "/", "#" or "+"');

const optionalText = (field: string) =>
  z.union([z.null(), boundedLine(100, `${field} is at most 100 characters`)]).optional();

const frequencyHz = z
  .union([
    z.null(),
    writtenNumber.pipe(
      z
        .number()
        .gt(0, 'frequencyHz must be more than 0')
        .max(1000, 'frequencyHz must be at most 1000'),
    ),
  ])
  .optional();

/** A node's capacity (kW), null to clear it. */
export const NODE_CAPACITY_MAX_KW = 1_000_000;
const capacityKw = z
  .union([
    z.null(),
    writtenNumber.pipe(
      z
        .number()
        .gt(0, 'capacityKw must be more than 0')
        .max(NODE_CAPACITY_MAX_KW, `capacityKw must be at most ${NODE_CAPACITY_MAX_KW}`),
    ),
  ])
  .optional();

export const adminNodeListRequest = adminRequest({});
export const adminNodeListResponse = withResponseEnvelope({ nodes: z.array(adminNode) });
export type AdminNodeListResponse = z.infer<typeof adminNodeListResponse>;

export const adminNodeList = defineCall({
  method: 'POST',
  path: '/v1/Admin/Node/List',
  auth: true,
  request: adminNodeListRequest,
  response: adminNodeListResponse,
});

const needsMeasured = (v: { type: string; serial?: unknown; wiring?: unknown }) =>
  v.type === 'virtual' || (v.serial !== undefined && v.wiring !== undefined);

/**
 * Adds a node; it takes readings through the ingest at once (by its serial).
 * A bad parent answers 201 Fail with ADMIN_MESSAGES.badParent; a serial in use
 * 201 with ADMIN_MESSAGES.serialTaken.
 */
export const adminNodeAddRequest = adminRequest({
  type: nodeType,
  parentId: z.union([z.null(), inputId]).default(null),
  name: nameText('name'),
  chName: nameText('chName'),
  serial: serialText.optional(),
  wiring: wiring.optional(),
  breakerType: optionalText('breakerType'),
  frequencyHz,
  hasReverseKwh: z.boolean().default(false),
})
  .refine((v) => v.type === 'virtual' || v.serial !== undefined, {
    message: 'serial is required for a smart meter or circuit',
    path: ['serial'],
  })
  .refine(needsMeasured, {
    message: 'wiring is required for a smart meter or circuit',
    path: ['wiring'],
  })
  .refine((v) => v.type !== 'virtual' || (v.serial === undefined && v.wiring === undefined), {
    message: 'a virtual node has no serial or wiring',
    path: ['type'],
  });

export const adminNodeAnswer = withResponseEnvelope({
  node: adminNode,
  /** The recomputation of virtual sums this change started, else null. */
  job: adminJob.nullable(),
});
export type AdminNodeAnswer = z.infer<typeof adminNodeAnswer>;

export const adminNodeAdd = defineCall({
  method: 'POST',
  path: '/v1/Admin/Node/Add',
  auth: true,
  request: adminNodeAddRequest,
  response: adminNodeAnswer,
});

/** Rename and details; absent fields stay as they are. Wiring and serial are fixed once added. */
export const adminNodeUpdateRequest = adminRequest({
  nodeId: inputId,
  name: nameText('name').optional(),
  chName: nameText('chName').optional(),
  breakerType: optionalText('breakerType'),
  frequencyHz,
  hasReverseKwh: z.boolean().optional(),
  sortOrder: z.number().int().min(0).max(1_000_000).optional(),
  capacityKw,
});

export const adminNodeUpdate = defineCall({
  method: 'POST',
  path: '/v1/Admin/Node/Update',
  auth: true,
  request: adminNodeUpdateRequest,
  response: adminNodeAnswer,
});

/**
 * Moves a node under another parent (null = top). When this changes what a
 * virtual node sums, its rollups are recomputed in the background (`job`).
 */
export const adminNodeMoveRequest = adminRequest({
  nodeId: inputId,
  parentId: z.union([z.null(), inputId]),
});

export const adminNodeMove = defineCall({
  method: 'POST',
  path: '/v1/Admin/Node/Move',
  auth: true,
  request: adminNodeMoveRequest,
  response: adminNodeAnswer,
});

/**
 * Retire (retired: true) or restore (false). A retired node takes no new
 * readings (the ingest refuses its serial as unknown), keeps its history and
 * stays in virtual sums of the past. A node with active children is refused
 * (201, ADMIN_MESSAGES.hasActiveChildren).
 */
export const adminNodeRetireRequest = adminRequest({
  nodeId: inputId,
  retired: z.boolean().default(true),
});

export const adminNodeRetire = defineCall({
  method: 'POST',
  path: '/v1/Admin/Node/Retire',
  auth: true,
  request: adminNodeRetireRequest,
  response: adminNodeAnswer,
});

/** The longest range one recomputation takes, in days (a year and a month). */
export const RECOMPUTE_MAX_DAYS = 400;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
const bothDays = (v: { from?: unknown; to?: unknown }) =>
  typeof v.from === 'string' &&
  typeof v.to === 'string' &&
  Number.isFinite(dayNumber(v.from)) &&
  Number.isFinite(dayNumber(v.to));

/**
 * Rebuilds a node's 15-minute, hourly and daily rollups (and its readings'
 * counter state) from the raw readings over factory-local days `from`..`to`,
 * both included — a virtual node through its members, with its virtual
 * ancestors — in the background (`job`, kind 'recompute'), as the
 * rollups:recompute CLI does. Days whose raw readings are no longer kept stay
 * as they are. Refused while another recomputation of the factory runs (201,
 * ADMIN_MESSAGES.jobRunning).
 */
export const adminNodeRecomputeRequest = adminRequest({
  nodeId: inputId,
  from: localDate,
  to: localDate,
})
  // The range rules judge two valid days only: a missing or bad day is reported at its field alone.
  .refine((v) => !bothDays(v) || v.from <= v.to, {
    message: 'to must not be before from',
    path: ['to'],
  })
  .refine((v) => !bothDays(v) || dayNumber(v.to) - dayNumber(v.from) < RECOMPUTE_MAX_DAYS, {
    message: `to must be within ${RECOMPUTE_MAX_DAYS} days of from`,
    path: ['to'],
  });

export const adminNodeRecompute = defineCall({
  method: 'POST',
  path: '/v1/Admin/Node/Recompute',
  auth: true,
  request: adminNodeRecomputeRequest,
  response: adminNodeAnswer,
});
