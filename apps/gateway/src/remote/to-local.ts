import { transportLabel, type GatewayConfigResponse } from '@wattboard/contract/gateway-config';
import { busLabel } from '../modbus/bus.ts';
import type { BusConfig, MeterConfig } from '../config.ts';
import type { MeterLayout } from './plan-change.ts';

/** A bus's request timing, the same for every bus the server names (the file's busDefaults). */
export type BusTiming = Pick<BusConfig, 'timeoutMs' | 'retries' | 'gapMs'>;

export interface ServerLayout extends MeterLayout {
  /** Meters this gateway cannot poll, with why (logged; the server keeps them). */
  skipped: string[];
}

/**
 * The server's meters as buses and meters. One bus per line: meters on the same host and port
 * (Modbus TCP, or RTU over TCP through a serial server) or on the same serial port share one bus,
 * one request at a time. A serial port has one speed and framing, and a TCP endpoint speaks one
 * protocol: a meter that disagrees with the first meter on its port is skipped with the reason
 * (logged; the server keeps it), never polled with settings it was not given.
 */
export function fromServer(config: GatewayConfigResponse, timing: BusTiming): ServerLayout {
  const buses = new Map<string, BusConfig>();
  const meters: MeterConfig[] = [];
  const skipped: string[] = [];
  // The first meter's transport on each line (host:port or serial path), to find disagreements.
  const lines = new Map<string, { serial: string; bus: BusConfig }>();
  for (const m of config.meters) {
    const t = m.transport;
    const bus: BusConfig =
      t.kind === 'rtu'
        ? {
            id: t.path,
            kind: 'rtu',
            path: t.path,
            baudRate: t.baudRate,
            parity: t.parity,
            stopBits: t.stopBits,
            ...timing,
          }
        : t.kind === 'rtuOverTcp'
          ? {
              id: `rtu+tcp://${t.host}:${t.port}`,
              kind: 'rtuOverTcp',
              host: t.host,
              port: t.port,
              ...timing,
            }
          : { id: `${t.host}:${t.port}`, kind: 'tcp', host: t.host, port: t.port, ...timing };
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
      template: m.template,
      pollIntervalMs: m.pollIntervalMs,
    });
  }
  return { buses: [...buses.values()], meters, skipped };
}
