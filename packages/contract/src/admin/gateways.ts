import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { inputId } from '../input.ts';
import { isoDateTime } from '../time.ts';
import { adminRequest, nameText, nullableIsoDateTime } from './common.ts';

export const adminGateway = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: isoDateTime,
  /** Last batch it sent (kept to the minute). */
  lastSeenAt: nullableIsoDateTime,
  revokedAt: nullableIsoDateTime,
});
export type AdminGateway = z.infer<typeof adminGateway>;

/**
 * How a gateway sends readings, with `<KEY>` where the key goes: the HTTP call
 * (a curl command posting one reading of `exampleSerial`) and the MQTT topic
 * pattern (`{prefix}/{factory}/meter/{serial}/reading`; the MQTT broker
 * authenticates publishers, not this key). `exampleSerial` is the factory's
 * first active meter, or 'METER-1'.
 */
export const ingestInstructions = z.object({
  httpUrl: z.string(),
  httpCommand: z.string(),
  mqttTopic: z.string(),
  exampleSerial: z.string(),
});
export type IngestInstructions = z.infer<typeof ingestInstructions>;

export const adminGatewayListRequest = adminRequest({});
export const adminGatewayListResponse = withResponseEnvelope({
  gateways: z.array(adminGateway),
  /**
   * Readings of this factory's meters timed since the factory's local midnight.
   * Per factory, not per gateway: a reading does not record which gateway sent it.
   */
  readingsToday: z.number().int(),
  instructions: ingestInstructions,
});
export type AdminGatewayListResponse = z.infer<typeof adminGatewayListResponse>;

export const adminGatewayList = defineCall({
  method: 'POST',
  path: '/v1/Admin/Gateway/List',
  auth: true,
  request: adminGatewayListRequest,
  response: adminGatewayListResponse,
});

/** Creates a gateway; the key is in this answer only (the server keeps its SHA-256). */
export const adminGatewayCreateRequest = adminRequest({ name: nameText('name') });
export const adminGatewayCreateResponse = withResponseEnvelope({
  gateway: adminGateway,
  /** Shown once. */
  key: z.string(),
  /** The instructions with the real key in place of `<KEY>`. */
  instructions: ingestInstructions,
  /**
   * The gateway's own MQTT login (decision 0075), its key as the password; null when the server
   * does not manage the broker's logins (no MQTT_ADMIN_URL). Optional: older answers lack it.
   */
  mqttUsername: z.string().nullable().optional(),
});
export type AdminGatewayCreateResponse = z.infer<typeof adminGatewayCreateResponse>;

export const adminGatewayCreate = defineCall({
  method: 'POST',
  path: '/v1/Admin/Gateway/Create',
  auth: true,
  request: adminGatewayCreateRequest,
  response: adminGatewayCreateResponse,
});

/** Revokes at once (HTTP and MQTT); already revoked answers 201 Fail. */
export const adminGatewayRevokeRequest = adminRequest({ gatewayId: inputId });
export const adminGatewayRevokeResponse = withResponseEnvelope({ gateway: adminGateway });

export const adminGatewayRevoke = defineCall({
  method: 'POST',
  path: '/v1/Admin/Gateway/Revoke',
  auth: true,
  request: adminGatewayRevokeRequest,
  response: adminGatewayRevokeResponse,
});
