import { z } from 'zod';
import { adminRequest } from './admin/common.ts';
import { defineCall } from './call.ts';
import { factoryIdField } from './channel.ts';
import { devToolsRequest } from './dev.ts';
import { withRequestEnvelope, withResponseEnvelope } from './envelope.ts';
import { inputId } from './input.ts';
import { isoDateTime } from './time.ts';

/**
 * Demand prediction and automatic load shedding (issue #15).
 * Every minute the server predicts the current 15-minute block's demand of the
 * factory; over the target (a share of the contract capacity) it warns (hub,
 * bell, power diary, e-mail to the receivers that chose it) and, when
 * automatic shedding is on, switches sheddable channels off one a minute by
 * their shed priority (1 first), restoring them in reverse order.
 */
const int = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);

export const demandSettingsFields = {
  /** Target = this % of the contract capacity (default 95). */
  targetPercent: z
    .number({ error: 'targetPercent must be a number' })
    .gt(0, 'targetPercent must be more than 0')
    .max(150, 'targetPercent must be at most 150'),
  /** Automatic shedding (default off; on for the demo factory). */
  autoShed: z.boolean({ error: 'autoShed must be true or false' }),
  /** A shed channel stays off at least this long (and rests this long before another shed). */
  minOffMinutes: int('minOffMinutes', 1, 240),
  /** A shed channel comes back after this long whatever the demand. */
  maxOffMinutes: int('maxOffMinutes', 1, 1440),
  /** Restore only when the prediction with the channel back stays under target − this % of capacity. */
  restoreMarginPercent: z
    .number({ error: 'restoreMarginPercent must be a number' })
    .min(0, 'restoreMarginPercent must be at least 0')
    .max(50, 'restoreMarginPercent must be at most 50'),
  /** E-mail receivers (Alarm Notice) that also get the demand warning. */
  demandMailReceiverIds: z.array(inputId).max(100, 'demandMailReceiverIds: at most 100'),
};

export const demandSettings = z.object(demandSettingsFields);
export type DemandSettings = z.infer<typeof demandSettings>;

export const demandPrediction = z.object({
  blockStart: isoDateTime,
  predictedKw: z.number(),
  energySoFarKwh: z.number(),
  recentKw: z.number(),
  computedAt: isoDateTime,
});

export const demandChannel = z.object({
  channelScheduleId: z.number().int(),
  name: z.string(),
  chName: z.string(),
  /** 1 is shed first; null = never shed. */
  shedPriority: z.number().int().nullable(),
  /** Shed now by demand management (since `shedAt`). */
  shed: z.boolean(),
  shedAt: isoDateTime.nullable(),
});

/**
 * A node with its own capacity (Admin › Monitoring points): predicted like the
 * root and warned over capacity × the factory's target %, never shed.
 */
export const demandNode = z.object({
  nodeId: z.number().int(),
  name: z.string(),
  chName: z.string(),
  capacityKw: z.number(),
  targetKw: z.number(),
  /** This quarter hour's prediction; null without recent readings. */
  predictedKw: z.number().nullable(),
});

/** What any user of the factory sees (Overview, Control). */
export const demandStatus = z.object({
  contractCapacityKw: z.number().nullable(),
  /** Null without a contract capacity. */
  targetKw: z.number().nullable(),
  autoShed: z.boolean(),
  /** The newest prediction (null before the first, or without readings). */
  prediction: demandPrediction.nullable(),
  channels: z.array(demandChannel),
  /** Nodes with their own capacity, by id (a server before them sends none). */
  nodes: z.array(demandNode).default([]),
});
export type DemandStatus = z.infer<typeof demandStatus>;

export const demandStatusResponse = withResponseEnvelope({ demand: demandStatus });
export type DemandStatusResponse = z.infer<typeof demandStatusResponse>;

export const demandStatusGet = defineCall({
  method: 'POST',
  path: '/v1/Demand/Status',
  auth: true,
  request: withRequestEnvelope({ factoryId: factoryIdField }),
  response: demandStatusResponse,
});

export const adminDemandResponse = withResponseEnvelope({
  settings: demandSettings,
  demand: demandStatus,
});
export type AdminDemandResponse = z.infer<typeof adminDemandResponse>;

export const adminDemandGet = defineCall({
  method: 'POST',
  path: '/v1/Admin/Demand/Get',
  auth: true,
  request: adminRequest({}),
  response: adminDemandResponse,
});

export const adminDemandUpdateRequest = adminRequest(demandSettingsFields).refine(
  (v) => v.minOffMinutes <= v.maxOffMinutes,
  { message: 'minOffMinutes must not be more than maxOffMinutes', path: ['minOffMinutes'] },
);

export const adminDemandUpdate = defineCall({
  method: 'POST',
  path: '/v1/Admin/Demand/Update',
  auth: true,
  request: adminDemandUpdateRequest,
  response: adminDemandResponse,
});

/** The Control page sets a channel's shed priority (null = never shed). Audited. */
export const shedPriorityUpdate = defineCall({
  method: 'POST',
  path: '/v1/Channel/ShedPriority/Update',
  auth: true,
  request: withRequestEnvelope({
    factoryId: factoryIdField,
    channelScheduleId: inputId,
    shedPriority: int('shedPriority', 1, 999).nullable(),
  }),
  response: demandStatusResponse,
});

/** Dev tools: an overload on the demo factory (extra kW on its sheddable loads that are on, a heat wave) for `minutes`; 0 ends it. */
export const devDemandOverload = defineCall({
  method: 'POST',
  path: '/api/test/demand/overload',
  auth: true,
  devOnly: true,
  request: devToolsRequest.extend({
    extraKw: z.number().min(0).max(100_000).default(400),
    minutes: z.number().int().min(0).max(240).default(20),
  }),
  response: withResponseEnvelope({ message: z.string() }),
});

/** Dev tools: a simulator reading now, then the demand step and the scheduler, without waiting. */
export const devDemandStep = defineCall({
  method: 'POST',
  path: '/api/test/demand/step',
  auth: true,
  devOnly: true,
  request: devToolsRequest,
  response: demandStatusResponse,
});
