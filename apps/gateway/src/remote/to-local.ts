import type { GatewayConfigResponse } from '@wattboard/contract/gateway-config';
import type { BusConfig, MeterConfig } from '../config.ts';
import type { MeterLayout } from './plan-change.ts';

/** A bus's request timing, the same for every bus the server names (the file's busDefaults). */
export type BusTiming = Pick<BusConfig, 'timeoutMs' | 'retries' | 'gapMs'>;

export interface ServerLayout extends MeterLayout {
  /** Meters this gateway cannot poll, with why (logged; the server keeps them). */
  skipped: string[];
}

/**
 * The server's meters as buses and meters. Meters on the same host and port share one bus (one
 * request at a time: a serial server's meters share one RS-485 line). RTU on a serial port and RTU
 * over TCP are stored and served, but this gateway does not speak them yet: those are skipped
 * with a logged reason, never guessed at.
 */
export function fromServer(config: GatewayConfigResponse, timing: BusTiming): ServerLayout {
  const buses = new Map<string, BusConfig>();
  const meters: MeterConfig[] = [];
  const skipped: string[] = [];
  for (const m of config.meters) {
    const t = m.transport;
    if (t.kind !== 'tcp') {
      const how = t.kind === 'rtu' ? `RTU on ${t.path}` : `RTU over TCP ${t.host}:${t.port}`;
      skipped.push(`${m.serial}: ${how} is not supported by this gateway yet; not polled`);
      continue;
    }
    const id = `${t.host}:${t.port}`;
    if (!buses.has(id)) buses.set(id, { id, host: t.host, port: t.port, ...timing });
    meters.push({
      serial: m.serial,
      wiring: m.wiring,
      bus: id,
      unitId: m.unitId,
      template: m.template,
      pollIntervalMs: m.pollIntervalMs,
    });
  }
  return { buses: [...buses.values()], meters, skipped };
}
