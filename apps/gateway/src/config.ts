import { readFileSync } from 'node:fs';
import { wiring } from '@wattboard/contract/ingest';
import { z } from 'zod';

/**
 * The gateway's local configuration file (JSON). For this first slice the meters are listed here;
 * later the gateway pulls them from the server (Admin › Gateways) with its key.
 */

const bus = z.object({
  id: z.string().min(1),
  /** Modbus TCP: a meter's own port or a serial-to-Ethernet server. */
  host: z.string().min(1),
  port: z.number().int().min(1).max(65535).default(502),
  timeoutMs: z.number().int().min(50).max(60_000).default(1000),
  retries: z.number().int().min(0).max(10).default(2),
  /** Quiet time between requests on this bus. */
  gapMs: z.number().int().min(0).max(10_000).default(20),
});

const meter = z.object({
  /** The server's node serial this meter feeds (a meter or circuit of the gateway's factory). */
  serial: z.string().trim().min(1),
  /** The node's wiring in the server; it names the phase keys of the readings. */
  wiring,
  bus: z.string().min(1),
  unitId: z.number().int().min(0).max(255),
  /** A template id (apps/gateway/templates/<id>.json). */
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
        batchSize: z.number().int().min(1).max(5000).default(1000),
        initialBackoffMs: z.number().int().min(1).default(1000),
        maxBackoffMs: z.number().int().min(1).default(60_000),
        requestTimeoutMs: z.number().int().min(100).default(30_000),
      })
      .prefault({}),
    buses: z.array(bus).min(1),
    meters: z.array(meter).min(1),
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
