import type { AdminGatewayMeter } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { checkMeterForm, meterFormValues } from './meter-form';

const rtuMeter: AdminGatewayMeter = {
  id: 7, gatewayId: 1, nodeId: 2, nodeName: 'M', nodeChName: '表', serial: 'S', wiring: 'value',
  transport: { kind: 'rtu', path: 'COM3', baudRate: 19200, parity: 'odd', stopBits: 2 },
  unitId: 12, template: 'eastron-sdm120', pollIntervalMs: 1500, updatedAt: '2026-11-21T00:00:00Z',
}; // prettier-ignore

describe('the meter form', () => {
  it('turns a saved meter into fields and back into the same request', () => {
    const values = meterFormValues(rtuMeter);
    expect(values).toMatchObject({
      kind: 'rtu',
      path: 'COM3',
      baudRate: '19200',
      pollSeconds: '1.5',
    });
    expect(checkMeterForm(values, 1, 7)).toEqual({
      ok: true,
      request: {
        gatewayId: 1, meterId: 7, nodeId: 2, transport: rtuMeter.transport, unitId: 12,
        template: 'eastron-sdm120', pollIntervalMs: 1500,
      },
    }); // prettier-ignore
  });

  it('names each bad field with the contract message: blank point, RTU unit 0, under 1 s, bad port', () => {
    const bad = { ...meterFormValues(rtuMeter), nodeId: '', unitId: '0', pollSeconds: '0.9' };
    expect(checkMeterForm(bad, 1, null)).toEqual({
      ok: false,
      errors: {
        nodeId: 'nodeId is required',
        pollSeconds: 'pollIntervalMs must be at least 1000 (1 s)',
      },
    });
    // The transport's unit id rule runs once every field is valid on its own (zod refines last).
    expect(checkMeterForm({ ...bad, nodeId: '2', pollSeconds: '1' }, 1, null)).toEqual({
      ok: false,
      errors: { unitId: 'unitId must be 1 to 247 on a serial (RTU) line' },
    });
    const tcp = { ...meterFormValues(null, 'eastron-sdm630'), nodeId: '2', host: 'h', port: '0' };
    expect(checkMeterForm(tcp, 1, null)).toEqual({
      ok: false,
      errors: { port: 'port must be 1 to 65535' },
    });
  });
});
