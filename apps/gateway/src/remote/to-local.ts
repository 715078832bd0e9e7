import { createHash } from 'node:crypto';
import {
  transportLabel,
  type GatewayConfigResponse,
  type GatewayTransport,
} from '@wattboard/contract/gateway-config';
import type { TemplateDefinition } from '@wattboard/contract/meter-templates';
import { busLabel } from '../modbus/bus.ts';
import type { BusConfig, MeterConfig } from '../config.ts';
import type { MeterLayout } from './plan-change.ts';

/** A bus's request timing, the same for every bus the server names (the file's busDefaults). */
export type BusTiming = Pick<BusConfig, 'timeoutMs' | 'retries' | 'gapMs'>;

export interface ServerLayout extends MeterLayout {
  /** Meters this gateway cannot poll, with why (logged; the server keeps them). */
  skipped: string[];
  /** The Admin-defined templates the server sent, by the key the meters name (templateKey). */
  templates: Map<string, TemplateDefinition>;
}

/** A bus for a transport, with the file's timing: the one a meter on it shares. */
export function busFor(t: GatewayTransport, timing: BusTiming): BusConfig {
  if (t.kind === 'rtu') {
    const { path, baudRate, parity, stopBits } = t;
    return { id: path, kind: 'rtu', path, baudRate, parity, stopBits, ...timing };
  }
  if (t.kind === 'rtuOverTcp') {
    return {
      id: `rtu+tcp://${t.host}:${t.port}`,
      kind: 'rtuOverTcp',
      host: t.host,
      port: t.port,
      ...timing,
    };
  }
  return { id: `${t.host}:${t.port}`, kind: 'tcp', host: t.host, port: t.port, ...timing };
}

/**
 * The key a meter names an Admin-defined template by: its id and a hash of its definition, so a
 * template changed in Admin is a changed meter (restarted with the new registers) to planChange.
 */
export function templateKey(t: TemplateDefinition): string {
  const hash = createHash('sha256').update(JSON.stringify(t)).digest('base64url').slice(0, 10);
  return `${t.id}#${hash}`;
}

/**
 * The server's meters as buses and meters. One bus per line: meters on the same host and port
 * (Modbus TCP, or RTU over TCP through a serial server) or on the same serial port share one bus,
 * one request at a time. A serial port has one speed and framing, and a TCP endpoint speaks one
 * protocol: a meter that disagrees with the first meter on its port is skipped with the reason
 * (logged; the server keeps it), never polled with settings it was not given.
 */
export function fromServer(
  config: Omit<GatewayConfigResponse, 'templates'> & {
    templates?: GatewayConfigResponse['templates'];
  },
  timing: BusTiming,
): ServerLayout {
  const buses = new Map<string, BusConfig>();
  const meters: MeterConfig[] = [];
  const skipped: string[] = [];
  // The first meter's transport on each line (host:port or serial path), to find disagreements.
  const lines = new Map<string, { serial: string; bus: BusConfig }>();
  const templates = new Map<string, TemplateDefinition>();
  const keys = new Map<string, string>();
  for (const t of config.templates ?? []) {
    const key = templateKey(t);
    templates.set(key, t);
    keys.set(t.id, key);
  }
  for (const m of config.meters) {
    const t = m.transport;
    const bus = busFor(t, timing);
    const line = t.kind === 'rtu' ? t.path : `${t.host}:${t.port}`;
    const first = lines.get(line);
    if (first && JSON.stringify(first.bus) !== JSON.stringify(bus)) {
      skipped.push(
        `${m.serial}: ${transportLabel(t)} disagrees with ${first.serial} on the same line ` +
          `(${busLabel(first.bus)}); not polled`,
      );
      continue;
    }
    if (!first) lines.set(line, { serial: m.serial, bus });
    if (!buses.has(bus.id)) buses.set(bus.id, bus);
    meters.push({
      serial: m.serial,
      wiring: m.wiring,
      bus: bus.id,
      unitId: m.unitId,
      template: keys.get(m.template) ?? m.template,
      pollIntervalMs: m.pollIntervalMs,
    });
  }
  return { buses: [...buses.values()], meters, skipped, templates };
}
