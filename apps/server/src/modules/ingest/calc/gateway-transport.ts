import { createHash } from 'node:crypto';
import type {
  GatewayConfigMeter,
  GatewayTransport,
  Parity,
} from '@wattboard/contract/gateway-config';
import type { TemplateDefinition } from '@wattboard/contract/meter-templates';

/** A gateway meter's transport as its row stores it (one set of columns per kind, the rest NULL). */
export interface TransportColumns {
  transport: GatewayTransport['kind'];
  host: string | null;
  port: number | null;
  serial_path: string | null;
  baud_rate: number | null;
  parity: Parity | null;
  stop_bits: number | null;
}

export function transportToColumns(t: GatewayTransport): TransportColumns {
  if (t.kind === 'rtu') {
    return {
      transport: 'rtu',
      host: null,
      port: null,
      serial_path: t.path,
      baud_rate: t.baudRate,
      parity: t.parity,
      stop_bits: t.stopBits,
    };
  }
  return {
    transport: t.kind,
    host: t.host,
    port: t.port,
    serial_path: null,
    baud_rate: null,
    parity: null,
    stop_bits: null,
  };
}

/** The row's columns back as the contract's transport; the table's CHECK keeps them complete. */
export function columnsToTransport(c: TransportColumns): GatewayTransport {
  if (c.transport === 'rtu') {
    return {
      kind: 'rtu',
      path: c.serial_path!,
      baudRate: c.baud_rate!,
      parity: c.parity!,
      stopBits: c.stop_bits === 2 ? 2 : 1,
    };
  }
  return { kind: c.transport, host: c.host!, port: c.port! };
}

/**
 * The configuration's version, also its ETag: a hash of exactly what the gateway receives, so any
 * change it would see (a meter's settings, a node's serial or wiring) changes it, and nothing else.
 */
export function configVersion(
  gatewayId: number,
  meters: readonly GatewayConfigMeter[],
  templates: readonly TemplateDefinition[] = [],
): string {
  const sorted = [...meters].sort((a, b) => a.id - b.id);
  // Without Admin-defined templates the hash is what it was, so an upgrade restarts no meter.
  const body =
    templates.length === 0
      ? { gatewayId, meters: sorted }
      : {
          gatewayId,
          meters: sorted,
          templates: [...templates].sort((a, b) => a.id.localeCompare(b.id)),
        };
  return createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22);
}
