import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { gatewayTransport, readNowOutcome, unitIdRule } from '../gateway-config.ts';
import { inputId } from '../input.ts';
import { QUANTITIES, templateDraft } from '../meter-templates/schema.ts';
import { isoDateTime } from '../time.ts';
import { adminRequest } from './common.ts';

/**
 * Meter templates defined in Admin › Gateways › Templates (issue #25, decision 0088): stored per
 * factory, validated by the shipped templates' rules, usable by the factory's gateway meters.
 * Their ids are `user:<n>`: a shipped template's id (a file name) never holds a colon.
 */
export const USER_TEMPLATE_PREFIX = 'user:';
export const userTemplateId = z
  .string({ error: 'templateId is required' })
  .regex(/^user:[1-9]\d{0,9}$/, 'templateId must be a template defined in Admin (user:<number>)');

export const USER_TEMPLATE_MESSAGES = {
  inUse: 'A gateway meter uses this template; give it another template first.',
  gatewayOffline:
    'The gateway did not answer within a few seconds: it is offline, or an older version without "read now".',
  gatewayBusy: 'The gateway is already reading for another request; try again in a moment.',
  meterGateway: 'This meter belongs to another gateway.',
  gatewayRevoked: 'This gateway is revoked; it cannot read meters.',
  transportNeeded: 'Give a transport and a unit id, or a meter of this gateway.',
} as const;

export const adminUserTemplate = z.object({
  id: z.string(),
  definition: templateDraft,
  updatedAt: isoDateTime,
  /** How many gateway meters of this factory use it (delete is refused while any does). */
  meters: z.number().int(),
});
export type AdminUserTemplate = z.infer<typeof adminUserTemplate>;

export const adminTemplateListRequest = adminRequest({});
export const adminTemplateListResponse = withResponseEnvelope({
  templates: z.array(adminUserTemplate),
});
export const adminTemplateList = defineCall({
  method: 'POST',
  path: '/v1/Admin/Gateway/Template/List',
  auth: true,
  request: adminTemplateListRequest,
  response: adminTemplateListResponse,
});

/** `templateId` null adds a template; an id changes that one (its meters follow at the next pull). */
export const adminTemplateSaveRequest = adminRequest({
  templateId: userTemplateId.nullable().default(null),
  definition: templateDraft,
});
export type AdminTemplateSaveRequest = z.input<typeof adminTemplateSaveRequest>;
export const adminTemplateSaveResponse = withResponseEnvelope({ template: adminUserTemplate });
export const adminTemplateSave = defineCall({
  method: 'POST',
  path: '/v1/Admin/Gateway/Template/Save',
  auth: true,
  request: adminTemplateSaveRequest,
  response: adminTemplateSaveResponse,
});

export const adminTemplateRemoveRequest = adminRequest({ templateId: userTemplateId });
export const adminTemplateRemoveResponse = withResponseEnvelope({});
export const adminTemplateRemove = defineCall({
  method: 'POST',
  path: '/v1/Admin/Gateway/Template/Remove',
  auth: true,
  request: adminTemplateRemoveRequest,
  response: adminTemplateRemoveResponse,
});

/**
 * "Read now": the gateway reads a meter once with a draft template and the decoded values come
 * back. The meter is a gateway meter's (`meterId`: its transport and unit id are used) or given
 * here (`transport` and `unitId`, when `meterId` is null).
 */
export const adminTemplateReadNowRequest = adminRequest({
  gatewayId: inputId,
  meterId: inputId.nullable().default(null),
  transport: gatewayTransport.optional(),
  unitId: z
    .number({ error: 'unitId must be a number' })
    .int('unitId must be a whole number')
    .min(0, 'unitId must be 0 to 255')
    .max(255, 'unitId must be 0 to 255')
    .optional(),
  definition: templateDraft,
}).superRefine((body, ctx) => {
  if (body.meterId !== null) return;
  if (!body.transport || body.unitId === undefined) {
    ctx.addIssue({
      code: 'custom',
      message: USER_TEMPLATE_MESSAGES.transportNeeded,
      path: ['transport'],
    });
    return;
  }
  unitIdRule({ transport: body.transport, unitId: body.unitId }, ctx);
});
export type AdminTemplateReadNowRequest = z.input<typeof adminTemplateReadNowRequest>;

/** A decoded value in the server's unit (V, A, kW, kWh, kvarh, Hz, 1). */
export const readNowValue = z.object({
  quantity: z.enum(QUANTITIES),
  value: z.number(),
  unit: z.string(),
});
export const adminTemplateReadNowResponse = withResponseEnvelope({
  outcome: readNowOutcome,
  values: z.array(readNowValue),
  /** How long the gateway took, from the request to its answer (ms). */
  elapsedMs: z.number().int(),
});
export type AdminTemplateReadNowResponse = z.infer<typeof adminTemplateReadNowResponse>;
export const adminTemplateReadNow = defineCall({
  method: 'POST',
  path: '/v1/Admin/Gateway/Template/ReadNow',
  auth: true,
  request: adminTemplateReadNowRequest,
  response: adminTemplateReadNowResponse,
});

// What the Templates editor needs of the format (pure zod, no files: the web client may load it).
export {
  QUANTITIES,
  QUANTITY_UNIT,
  templateDraft,
  type Quantity,
  type TemplateDraft,
} from '../meter-templates/schema.ts';
export {
  REGISTER_TYPES,
  UNIT_CONVERSIONS,
  type RegisterType,
  type SourceUnit,
} from '../meter-templates/format.ts';
export { READ_NOW_TIMEOUT_MS, readNowOutcome, type ReadNowOutcome } from '../gateway-config.ts';
