import {
  adminGatewayMeterSaveRequest,
  type AdminGatewayMeter,
  type AdminGatewayMeterSaveRequest,
} from '@wattboard/contract';
import type { GatewayTransportKind, Parity } from '@wattboard/contract/gateway-config';

/** The meter dialog's fields as the inputs hold them (text); the poll interval in seconds. */
export interface MeterFormValues {
  nodeId: string;
  kind: GatewayTransportKind;
  host: string;
  port: string;
  path: string;
  baudRate: string;
  parity: Parity;
  stopBits: '1' | '2';
  unitId: string;
  template: string;
  pollSeconds: string;
}
export type MeterField = keyof MeterFormValues;

export function meterFormValues(meter: AdminGatewayMeter | null, template = ''): MeterFormValues {
  const t = meter?.transport;
  return {
    nodeId: meter ? String(meter.nodeId) : '',
    kind: t?.kind ?? 'tcp',
    host: t && t.kind !== 'rtu' ? t.host : '',
    port: t && t.kind !== 'rtu' ? String(t.port) : '502',
    path: t?.kind === 'rtu' ? t.path : '',
    baudRate: t?.kind === 'rtu' ? String(t.baudRate) : '9600',
    parity: t?.kind === 'rtu' ? t.parity : 'none',
    stopBits: t?.kind === 'rtu' && t.stopBits === 2 ? '2' : '1',
    unitId: meter ? String(meter.unitId) : '1',
    template: meter?.template ?? template,
    pollSeconds: meter ? String(meter.pollIntervalMs / 1000) : '60',
  };
}

/** Text to number; blank stays missing so the contract says "required". */
const num = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The Save call's fields (without the envelope) from the form. */
export function meterRequest(v: MeterFormValues, gatewayId: number, meterId: number | null) {
  const transport =
    v.kind === 'rtu'
      ? { kind: v.kind, path: v.path, baudRate: num(v.baudRate), parity: v.parity,
          stopBits: Number(v.stopBits) } // prettier-ignore
      : { kind: v.kind, host: v.host, port: num(v.port) };
  const seconds = num(v.pollSeconds);
  return {
    gatewayId,
    meterId,
    nodeId: num(v.nodeId),
    transport,
    unitId: num(v.unitId),
    template: v.template,
    pollIntervalMs: seconds === undefined ? undefined : Math.round(seconds * 1000),
  };
}

const FIELD_OF: Record<string, MeterField> = {
  nodeId: 'nodeId',
  host: 'host',
  port: 'port',
  path: 'path',
  baudRate: 'baudRate',
  parity: 'parity',
  stopBits: 'stopBits',
  unitId: 'unitId',
  template: 'template',
  pollIntervalMs: 'pollSeconds',
};

/**
 * Checks the form with the contract's own Save schema (the server checks the same); answers the
 * request or the first message per form field, the contract's English text (translated for show).
 */
export function checkMeterForm(
  v: MeterFormValues,
  gatewayId: number,
  meterId: number | null,
):
  | { ok: true; request: Omit<AdminGatewayMeterSaveRequest, 'email' | 'action' | 'token'> }
  | { ok: false; errors: Partial<Record<MeterField, string>> } {
  const fields = meterRequest(v, gatewayId, meterId);
  const parsed = adminGatewayMeterSaveRequest.safeParse({ email: '', action: '', ...fields });
  if (parsed.success) {
    const {
      gatewayId: g,
      meterId: m,
      nodeId,
      transport,
      unitId,
      template,
      pollIntervalMs,
    } = parsed.data;
    return {
      ok: true,
      request: { gatewayId: g, meterId: m, nodeId, transport, unitId, template, pollIntervalMs },
    };
  }
  // No point chosen reads as "required", not as the id rule's "Expected an id".
  const errors: Partial<Record<MeterField, string>> =
    v.nodeId === '' ? { nodeId: 'nodeId is required' } : {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[issue.path.length - 1])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
