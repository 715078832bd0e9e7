import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, GATEWAY_METER_MESSAGES } from '@wattboard/contract';
import type { GatewayConfigMeter, GatewayTransport } from '@wattboard/contract/gateway-config';
import {
  gatewayMeterProblem,
  type FeedNode,
} from '../../src/modules/ingest/calc/check-gateway-meter.ts';
import {
  columnsToTransport,
  configVersion,
  transportToColumns,
} from '../../src/modules/ingest/calc/gateway-transport.ts';

const sdm630 = {
  id: 'eastron-sdm630',
  manufacturer: 'Eastron',
  model: 'SDM630',
  phases: 3 as const,
};
const sdm120 = {
  id: 'eastron-sdm120',
  manufacturer: 'Eastron',
  model: 'SDM120',
  phases: 1 as const,
};
const meter: FeedNode = { type: 'smartMeter', serial: 'M-1', wiring: 'a,b,c', retired: false };

describe('gateway meter rules', () => {
  it('refuses what a gateway meter cannot feed, each with its message', () => {
    const problem = (
      node: Partial<FeedNode>,
      template: typeof sdm630 | typeof sdm120 | null = sdm630,
    ) => gatewayMeterProblem({ ...meter, ...node }, template ?? undefined, ADMIN_MESSAGES.retired);
    expect(problem({})).toBeNull();
    expect(problem({ type: 'circuit', wiring: 'a,b,c' })).toBeNull();
    expect(problem({ wiring: 'value' }, sdm120)).toBeNull();
    expect(problem({ type: 'virtual' })).toBe(GATEWAY_METER_MESSAGES.notMeter);
    expect(problem({ retired: true })).toBe(ADMIN_MESSAGES.retired);
    expect(problem({ serial: null })).toBe(GATEWAY_METER_MESSAGES.noSerial);
    expect(problem({}, null)).toBe(GATEWAY_METER_MESSAGES.unknownTemplate);
    expect(problem({ wiring: 'l1,l2' }, sdm120)).toBe(
      'Template eastron-sdm120 measures 1 phase(s); wiring l1,l2 needs 2.',
    );
    expect(problem({ wiring: 'ab,bc,ca' })).toMatch(/^Delta wiring/);
  });

  it('stores each transport in its own columns and reads it back the same', () => {
    const transports: GatewayTransport[] = [
      { kind: 'tcp', host: '10.0.0.5', port: 502 },
      { kind: 'rtuOverTcp', host: 'serial-1', port: 4001 },
      { kind: 'rtu', path: '/dev/ttyUSB0', baudRate: 9600, parity: 'even', stopBits: 2 },
    ];
    for (const t of transports) expect(columnsToTransport(transportToColumns(t))).toEqual(t);
    expect(transportToColumns(transports[2]!)).toMatchObject({ host: null, port: null });
  });

  it('versions exactly what the gateway receives, in any row order', () => {
    const m = (id: number, over: Partial<GatewayConfigMeter> = {}): GatewayConfigMeter => ({
      id, serial: `S${id}`, wiring: 'a,b,c', transport: { kind: 'tcp', host: 'h', port: 502 },
      unitId: 1, template: 'eastron-sdm630', pollIntervalMs: 1000, ...over,
    }); // prettier-ignore
    const v = configVersion(1, [m(1), m(2)]);
    expect(v).toMatch(/^[\w-]{22}$/);
    expect(configVersion(1, [m(2), m(1)])).toBe(v);
    expect(configVersion(2, [m(1), m(2)])).not.toBe(v);
    expect(configVersion(1, [m(1), m(2, { serial: 'renamed' })])).not.toBe(v);
    expect(configVersion(1, [m(1), m(2, { pollIntervalMs: 2000 })])).not.toBe(v);
    expect(configVersion(1, [m(1)])).not.toBe(v);
  });
});
