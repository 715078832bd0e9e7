import { readFileSync } from 'node:fs';
import { GATEWAY_CONFIG_PULL_MS } from '@wattboard/contract/gateway-config';
import { MAX_READINGS_PER_BATCH, wiring } from '@wattboard/contract/ingest';
import { z } from 'zod';

/**
 * The gateway's local configuration file (JSON): the server's URL and the gateway's key are all it
 * needs; the meters are set in Admin › Gateways and pulled with the key (docs/gateway.md). Buses
 * and meters listed here instead are used as they are and nothing is pulled (offline and dev use).
 */

/** A bus's request timing; the same for every bus the server names (`busTiming`). */
const timing = {
  timeoutMs: z.number().int().min(50).max(60_000).default(1000),
  retries: z.number().int().min(0).max(10).default(2),
  /** Quiet time between requests on this bus. */
  gapMs: z.number().int().min(0).max(10_000).default(20),
};

const bus = z.union([
  z.object({
    id: z.string().min(1),
    /** Modbus TCP (the default): a meter's own port or a serial-to-Ethernet server. */
    kind: z.literal('tcp').default('tcp'),
    host: z.string().min(1),
    port: z.number().int().min(1).max(65535).default(502),
    ...timing,
  }),
  z.object({
    id: z.string().min(1),
    /** Modbus RTU frames over TCP: a serial server in raw (transparent) mode. */
    kind: z.literal('rtuOverTcp'),
    host: z.string().min(1),
    port: z.number().int().min(1).max(65535),
    ...timing,
  }),
  z.object({
    id: z.string().min(1),
    /** Modbus RTU on the gateway's serial port (an RS-485 adapter); 8 data bits. */
    kind: z.literal('rtu'),
    path: z.string().min(1),
    baudRate: z.number().int().min(300).max(921_600).default(9600),
    parity: z.enum(['none', 'even', 'odd']).default('none'),
    stopBits: z.union([z.literal(1), z.literal(2)]).default(1),
    ...timing,
  }),
]);

const meter = z.object({
  /** The server's node serial this meter feeds (a meter or circuit of the gateway's factory). */
  serial: z.string().trim().min(1),
  /** The node's wiring in the server; it names the phase keys of the readings. */
  wiring,
  bus: z.string().min(1),
  unitId: z.number().int().min(0).max(255),
  /** A template id (packages/contract/meter-templates/<id>.json). */
  template: z.string().min(1),
  pollIntervalMs: z.number().int().min(1000).default(60_000),
});

export const gatewayConfig = z
  .object({
    serverUrl: z.url(),
    gatewayKey: z.string().min(1),
    queue: z
      .object({
        file: z.string().min(1).default('gateway-queue.sqlite'),
        maxRows: z.number().int().min(1).default(1_000_000),
      })
      .prefault({}),
    sender: z
      .object({
        // The server's most per request by default: a backlog drains in fewer round trips (a
        // day of 100 meters: 1.4× the readings/s of 1000, bench BENCH_PARTS=gateway); live
        // polling sends what is queued, a few readings, whatever the bound.
        batchSize: z
          .number()
          .int()
          .min(1)
          .max(MAX_READINGS_PER_BATCH)
          .default(MAX_READINGS_PER_BATCH),
        initialBackoffMs: z.number().int().min(1).default(1000),
        maxBackoffMs: z.number().int().min(1).default(60_000),
        requestTimeoutMs: z.number().int().min(100).default(30_000),
      })
      .prefault({}),
    /** The last configuration pulled from the server (JSON), used at start until a pull works. */
    configCache: z.string().min(1).default('gateway-config.cache.json'),
    /** How often the configuration is pulled (the server's change is followed within this). */
    pullIntervalMs: z.number().int().min(100).default(GATEWAY_CONFIG_PULL_MS),
    busTiming: z.object(timing).prefault({}),
    /** Local buses and meters (offline/dev): when meters are listed, nothing is pulled. */
    buses: z.array(bus).default([]),
    meters: z.array(meter).default([]),
  })
  .superRefine((c, ctx) => {
    const ids = new Set(c.buses.map((b) => b.id));
    c.meters.forEach((m, i) => {
      if (!ids.has(m.bus)) {
        ctx.addIssue({ code: 'custom', message: `no bus "${m.bus}"`, path: ['meters', i, 'bus'] });
      }
    });
  });
export type GatewayConfig = z.output<typeof gatewayConfig>;
export type MeterConfig = GatewayConfig['meters'][number];
export type BusConfig = GatewayConfig['buses'][number];

export function parseConfig(value: unknown): GatewayConfig {
  const result = gatewayConfig.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  throw new Error(`gateway config: ${problems.join('; ')}`);
}

export function readConfig(path: string): GatewayConfig {
  return parseConfig(JSON.parse(readFileSync(path, 'utf8')));
}
