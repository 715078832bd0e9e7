import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import {
  gatewayMeterFields,
  gatewayBusTiming,
  gatewayTransport,
  meterErrorCounts,
  unitIdRule,
} from '../gateway-config.ts';
import { wiring } from '../ingest.ts';
import { inputId } from '../input.ts';
import { isoDateTime } from '../time.ts';
import { adminRequest } from './common.ts';

/**
 * A gateway's meters (issue #25): Admin › Gateways sets them, the gateway pulls them with its key.
 * Refusals answer 201 Fail with a GATEWAY_METER_MESSAGES text; a gateway of another factory
 * answers 1011 (ADMIN_MESSAGES.notFound) and a node of another factory 1009
 * (ADMIN_MESSAGES.nodeNotFound), as every Admin call does.
 */
export const GATEWAY_METER_MESSAGES = {
  notMeter: 'Only a meter or a circuit can be fed by a gateway meter.',
  noSerial: 'This monitoring point has no serial; give it one first.',
  nodeTaken: 'Another gateway meter already feeds this monitoring point.',
  unknownTemplate: 'No such meter template.',
  gatewayRevoked: 'This gateway is revoked; its meters cannot be changed.',
} as const;

export const adminGatewayMeter = z.object({
  id: z.number().int(),
  gatewayId: z.number().int(),
  nodeId: z.number().int(),
  nodeName: z.string(),
  nodeChName: z.string(),
  serial: z.string(),
  wiring,
  transport: gatewayTransport,
  unitId: z.number().int(),
  template: z.string(),
  pollIntervalMs: z.number().int(),
  updatedAt: isoDateTime,
  /**
   * What the gateway last reported for this meter (POST /v1/Gateway/Health); null before a
   * report. Only the List answer carries it: Save answers the settings.
   */
  health: z
    .object({
      reportedAt: isoDateTime,
      lastGoodAt: isoDateTime.nullable(),
      lastErrorAt: isoDateTime.nullable(),
      lastError: z.string().nullable(),
      errors: meterErrorCounts,
    })
    .nullable()
    .optional(),
});
export type AdminGatewayMeter = z.infer<typeof adminGatewayMeter>;

/** A template the Admin may choose (the shipped ones, packages/contract/meter-templates). */
export const meterTemplateChoice = z.object({
  id: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  phases: z.union([z.literal(1), z.literal(3)]),
});
export type MeterTemplateChoice = z.infer<typeof meterTemplateChoice>;

export const adminGatewayMeterListRequest = adminRequest({ gatewayId: inputId });
export const adminGatewayMeterListResponse = withResponseEnvelope({
  meters: z.array(adminGatewayMeter),
  templates: z.array(meterTemplateChoice),
  /** The gateway's last health report and clock offset (gateway minus server, ms); null before one. */
  gatewayHealth: z
    .object({
      reportedAt: isoDateTime,
      clockOffsetMs: z.number().int().nullable(),
      buses: z.array(gatewayBusTiming),
    })
    .nullable()
    .optional(),
});
export type AdminGatewayMeterListResponse = z.infer<typeof adminGatewayMeterListResponse>;

export const adminGatewayMeterList = defineCall({
  method: 'POST',
  path: '/v1/Admin/Gateway/Meter/List',
  auth: true,
  request: adminGatewayMeterListRequest,
  response: adminGatewayMeterListResponse,
});

/** `meterId` null adds a meter, a number changes that one; `nodeId` is the point it feeds. */
export const adminGatewayMeterSaveRequest = adminRequest({
  gatewayId: inputId,
  meterId: inputId.nullable().default(null),
  nodeId: inputId,
  ...gatewayMeterFields,
}).superRefine(unitIdRule);
export type AdminGatewayMeterSaveRequest = z.input<typeof adminGatewayMeterSaveRequest>;
export const adminGatewayMeterSaveResponse = withResponseEnvelope({ meter: adminGatewayMeter });

export const adminGatewayMeterSave = defineCall({
  method: 'POST',
  path: '/v1/Admin/Gateway/Meter/Save',
  auth: true,
  request: adminGatewayMeterSaveRequest,
  response: adminGatewayMeterSaveResponse,
});

export const adminGatewayMeterRemoveRequest = adminRequest({
  gatewayId: inputId,
  meterId: inputId,
});
export const adminGatewayMeterRemoveResponse = withResponseEnvelope({});

export const adminGatewayMeterRemove = defineCall({
  method: 'POST',
  path: '/v1/Admin/Gateway/Meter/Remove',
  auth: true,
  request: adminGatewayMeterRemoveRequest,
  response: adminGatewayMeterRemoveResponse,
});
