import { z } from 'zod';
import { wiring } from './ingest.ts';
import { inputText } from './input.ts';
import { QUANTITIES, templateDefinition } from './meter-templates/schema.ts';

/**
 * A gateway's meters as set in Admin › Gateways (issue #25) and pulled by the gateway with its key
 * (`GET /v1/Gateway/Config`, docs/gateway.md). Its own subpath (`@wattboard/contract/gateway-config`)
 * so the gateway does not load the whole contract.
 */

export const GATEWAY_CONFIG_PATH = '/v1/Gateway/Config';
/** The gateway asks again this often; a change is followed within it (the issue: within a minute). */
export const GATEWAY_CONFIG_PULL_MS = 30_000;

export const MODBUS_BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
export const MODBUS_PARITIES = ['none', 'even', 'odd'] as const;
export type Parity = (typeof MODBUS_PARITIES)[number];
export const POLL_INTERVAL_MIN_MS = 1000;
/** A day: anything slower is not monitoring. */
export const POLL_INTERVAL_MAX_MS = 86_400_000;

const host = z
  .string({ error: 'host is required' })
  .trim()
  .min(1, 'host is required')
  .max(253, 'host is at most 253 characters')
  .regex(/^[A-Za-z0-9.:_-]+$/, 'host must be a host name or an IP address');
const port = z
  .number({ error: 'port is required' })
  .int('port must be a whole number')
  .min(1, 'port must be 1 to 65535')
  .max(65535, 'port must be 1 to 65535');

/** Modbus TCP, or Modbus RTU frames over a TCP socket (a serial-to-Ethernet server in raw mode). */
const tcpTransport = z.object({ kind: z.literal('tcp'), host, port });
const rtuOverTcpTransport = z.object({ kind: z.literal('rtuOverTcp'), host, port });
/** Modbus RTU on the gateway's own serial port (RS-485 adapter). */
const rtuTransport = z.object({
  kind: z.literal('rtu'),
  path: z
    .string({ error: 'path is required' })
    .trim()
    .min(1, 'path is required (e.g. /dev/ttyUSB0 or COM3)')
    .max(200, 'path is at most 200 characters')
    .regex(/^[A-Za-z0-9/._:\\-]+$/, 'path must be a serial port such as /dev/ttyUSB0 or COM3'),
  baudRate: z
    .number({ error: 'baudRate is required' })
    .refine((n) => (MODBUS_BAUD_RATES as readonly number[]).includes(n), {
      message: `baudRate must be one of ${MODBUS_BAUD_RATES.join(', ')}`,
    }),
  parity: z.enum(MODBUS_PARITIES, { error: 'parity must be none, even or odd' }),
  stopBits: z.union([z.literal(1), z.literal(2)], { error: 'stopBits must be 1 or 2' }),
});

export const gatewayTransport = z.discriminatedUnion('kind', [
  tcpTransport,
  rtuOverTcpTransport,
  rtuTransport,
]);
export type GatewayTransport = z.infer<typeof gatewayTransport>;
export type GatewayTransportKind = GatewayTransport['kind'];

/** What an Admin sets per meter; the node it feeds is named separately. */
export const gatewayMeterFields = {
  transport: gatewayTransport,
  unitId: z
    .number({ error: 'unitId is required' })
    .int('unitId must be a whole number')
    .min(0, 'unitId must be 0 to 255')
    .max(255, 'unitId must be 0 to 255'),
  template: z
    .string({ error: 'template is required' })
    .trim()
    .min(1, 'template is required')
    .max(64, 'template is at most 64 characters'),
  pollIntervalMs: z
    .number({ error: 'pollIntervalMs is required' })
    .int('pollIntervalMs must be a whole number')
    .min(POLL_INTERVAL_MIN_MS, 'pollIntervalMs must be at least 1000 (1 s)')
    .max(POLL_INTERVAL_MAX_MS, 'pollIntervalMs must be at most 86400000 (a day)'),
};

/** RTU addresses are 1..247 (0 is broadcast, which no meter answers); Modbus TCP allows 0..255. */
export function unitIdRule(
  m: { transport: GatewayTransport; unitId: number },
  ctx: z.RefinementCtx,
): void {
  if (m.transport.kind !== 'tcp' && (m.unitId < 1 || m.unitId > 247)) {
    ctx.addIssue({
      code: 'custom',
      message: 'unitId must be 1 to 247 on a serial (RTU) line',
      path: ['unitId'],
    });
  }
}

export const gatewayMeterSettings = z.object(gatewayMeterFields).superRefine(unitIdRule);
export type GatewayMeterSettings = z.infer<typeof gatewayMeterSettings>;

/** One meter as the gateway receives it: the settings plus the node's serial and wiring. */
export const gatewayConfigMeter = z.object({
  id: z.number().int(),
  serial: z.string(),
  wiring,
  transport: gatewayTransport,
  unitId: z.number().int(),
  template: z.string(),
  pollIntervalMs: z.number().int(),
});
export type GatewayConfigMeter = z.infer<typeof gatewayConfigMeter>;

/**
 * The answer to `GET /v1/Gateway/Config` (gateway key). `version` is also the ETag: sent back in
 * If-None-Match, an unchanged configuration answers 304 with no body.
 */
export const gatewayConfigResponse = z.object({
  version: z.string(),
  gatewayId: z.number().int(),
  meters: z.array(gatewayConfigMeter),
  /** The Admin-defined templates these meters use (decision 0088); shipped ones the gateway has. */
  templates: z.array(templateDefinition).default([]),
});
export type GatewayConfigResponse = z.infer<typeof gatewayConfigResponse>;

/** Where a transport connects, as one line for logs and the Admin list. */
export function transportLabel(t: GatewayTransport): string {
  if (t.kind === 'rtu') return `RTU ${t.path} ${t.baudRate} ${t.parity} ${t.stopBits}`;
  return `${t.kind === 'tcp' ? 'TCP' : 'RTU over TCP'} ${t.host}:${t.port}`;
}

/**
 * Gateway health (issue #25): `POST /v1/Gateway/Health` with the gateway key, sent with every
 * config pull. Per meter (by its node serial) the last good poll, the last error and the errors
 * counted by kind since the gateway started; the counts only grow, so the server keeps the latest
 * report and Admin shows it as is. Exception counts are keyed by the Modbus exception code.
 */
export const GATEWAY_HEALTH_PATH = '/v1/Gateway/Health';
/** Beyond this the gateway's clock is off enough to misplace readings on the minute grid. */
export const GATEWAY_CLOCK_WARN_MS = 5_000;
export const GATEWAY_HEALTH_MAX_METERS = 1000;

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export const meterErrorCounts = z.object({
  timeout: count,
  /** CRC or framing errors (a garbled answer). */
  crc: count,
  /** The TCP connection refused, reset or unreachable. */
  connection: count,
  /** Modbus exception code ("1" to "255") → how many. */
  exception: z
    .record(z.string().regex(/^\d{1,3}$/, 'an exception code is 1 to 255'), count)
    .refine((r) => Object.keys(r).length <= 255, 'at most 255 exception codes'),
});
export type MeterErrorCounts = z.infer<typeof meterErrorCounts>;

// A year outside 1900–9999 would fail in the database as a server error; refuse it here instead.
const reportedTime = z.iso
  .datetime({ offset: true })
  .refine((v) => /^(19|[2-9]\d)\d\d-/.test(v), 'a time from 1900 to 9999');
export const gatewayMeterHealth = z.object({
  // No control characters: PostgreSQL refuses NUL in text, which would be a 500.
  serial: inputText.min(1).max(64),
  lastGoodAt: reportedTime.nullable(),
  lastErrorAt: reportedTime.nullable(),
  lastError: inputText.max(500).nullable(),
  errors: meterErrorCounts,
});
export type GatewayMeterHealth = z.infer<typeof gatewayMeterHealth>;

/** A bus as the gateway runs it: one request at a time, with this timing (its file sets it). */
export const gatewayBusTiming = z.object({
  id: inputText.min(1).max(300),
  timeoutMs: z.number().int().min(0).max(3_600_000),
  retries: z.number().int().min(0).max(100),
  gapMs: z.number().int().min(0).max(3_600_000),
  meters: z.number().int().min(0).max(GATEWAY_HEALTH_MAX_METERS),
});
export type GatewayBusTiming = z.infer<typeof gatewayBusTiming>;

export const gatewayHealthRequest = z.object({
  /** The gateway's clock when it sent the report. */
  sentAt: reportedTime,
  /** Gateway clock minus server clock, from the previous reply; null before the first reply. */
  clockOffsetMs: z.number().int().min(-1e12).max(1e12).nullable(),
  meters: z.array(gatewayMeterHealth).max(GATEWAY_HEALTH_MAX_METERS),
  /** Absent from an older gateway. */
  buses: z.array(gatewayBusTiming).max(GATEWAY_HEALTH_MAX_METERS).default([]),
});
export type GatewayHealthRequest = z.infer<typeof gatewayHealthRequest>;

export const gatewayHealthResponse = z.object({
  /** The server's clock when it answered: the gateway derives its clock offset from it. */
  serverTime: z.string(),
  /** How many reported serials matched a meter of this gateway. */
  stored: z.number().int(),
});
export type GatewayHealthResponse = z.infer<typeof gatewayHealthResponse>;

/**
 * "Read now" (decision 0088): Admin asks a gateway to read a meter once with a draft template.
 * The gateway waits for such a request with `GET GATEWAY_READ_NEXT_PATH` and `Prefer: wait=<s>`
 * (a long poll: 204 when none came), reads, and answers with `POST GATEWAY_READ_RESULT_PATH`.
 */
export const GATEWAY_READ_NEXT_PATH = '/v1/Gateway/ReadNow/Next';
export const GATEWAY_READ_RESULT_PATH = '/v1/Gateway/ReadNow/Result';
/** The longest a gateway's long poll is held open (s). */
export const GATEWAY_READ_WAIT_MAX_S = 25;
/** How long Admin's "read now" waits for the gateway before saying it did not answer (ms). */
export const READ_NOW_TIMEOUT_MS = 6_000;

export const gatewayReadRequest = z.object({
  requestId: z.uuid(),
  transport: gatewayTransport,
  unitId: z.number().int().min(0).max(255),
  template: templateDefinition,
});
export type GatewayReadRequest = z.infer<typeof gatewayReadRequest>;

export const READ_ERROR_KINDS = ['timeout', 'crc', 'connection', 'exception', 'other'] as const;
/** What one read gave: decoded values (server units, by quantity) or the Modbus error. */
export const readNowOutcome = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    values: z.partialRecord(z.enum(QUANTITIES), z.number()),
    /** Registers that answered but did not decode (NaN, beyond 2^53 …). */
    problems: z
      .array(z.object({ quantity: z.enum(QUANTITIES), message: inputText.max(500) }))
      .max(QUANTITIES.length),
  }),
  z.object({
    ok: z.literal(false),
    error: z.object({
      kind: z.enum(READ_ERROR_KINDS),
      /** The Modbus exception code (kind exception), else null. */
      code: z.number().int().min(1).max(255).nullable(),
      message: inputText.max(500),
    }),
  }),
]);
export type ReadNowOutcome = z.infer<typeof readNowOutcome>;

export const gatewayReadResultRequest = z.object({ requestId: z.uuid(), outcome: readNowOutcome });
export type GatewayReadResultRequest = z.infer<typeof gatewayReadResultRequest>;
/** `accepted` false: the request expired or is not this gateway's (the answer is dropped). */
export const gatewayReadResultResponse = z.object({ accepted: z.boolean() });
