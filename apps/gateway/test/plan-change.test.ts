import { describe, expect, it } from 'vitest';
import type { GatewayConfigMeter } from '@wattboard/contract/gateway-config';
import type { BusConfig, MeterConfig } from '../src/config.ts';
import { planChange } from '../src/remote/plan-change.ts';
import { fromServer } from '../src/remote/to-local.ts';

const timing = { timeoutMs: 1000, retries: 2, gapMs: 20 };
type TcpBus = Extract<BusConfig, { kind: 'tcp' }>;
const bus = (id: string, over: Partial<TcpBus> = {}): BusConfig => ({
  id, kind: 'tcp', host: id, port: 502, ...timing, ...over,
}); // prettier-ignore
const meter = (serial: string, over: Partial<MeterConfig> = {}): MeterConfig => ({
  serial, wiring: 'a,b,c', bus: 'p1', unitId: 1, template: 'eastron-sdm630',
  pollIntervalMs: 60_000, ...over,
}); // prettier-ignore

describe('planChange', () => {
  it('touches nothing when nothing changed', () => {
    const layout = { buses: [bus('p1')], meters: [meter('A'), meter('B', { unitId: 2 })] };
    expect(planChange(layout, structuredClone(layout))).toEqual({
      stopMeters: [], closeBuses: [], openBuses: [], startMeters: [], changes: [],
    }); // prettier-ignore
  });

  it('adds, removes and restarts only what changed, and logs each', () => {
    const running = { buses: [bus('p1')], meters: [meter('A'), meter('B', { unitId: 2 })] };
    const next = {
      buses: [bus('p1')],
      meters: [meter('B', { unitId: 2, pollIntervalMs: 1000 }), meter('C', { unitId: 3 })],
    };
    const plan = planChange(running, next);
    expect(plan.stopMeters).toEqual(['A', 'B']);
    expect(plan.startMeters.map((m) => m.serial)).toEqual(['B', 'C']);
    expect(plan.closeBuses).toEqual([]);
    expect(plan.changes).toEqual([
      '- A (bus p1, unit 1, eastron-sdm630, every 60 s)',
      '~ B (bus p1, unit 2, eastron-sdm630, every 1 s), was B (bus p1, unit 2, eastron-sdm630, every 60 s)',
      '+ C (bus p1, unit 3, eastron-sdm630, every 60 s)',
    ]);
  });

  it('restarts the meters of a bus whose settings changed, and closes a bus no longer named', () => {
    const running = {
      buses: [bus('p1'), bus('p2')],
      meters: [meter('A'), meter('B', { bus: 'p2' })],
    };
    const next = { buses: [bus('p1', { timeoutMs: 300 })], meters: [meter('A')] };
    const plan = planChange(running, next);
    expect(plan.closeBuses.sort()).toEqual(['p1', 'p2']);
    expect(plan.openBuses).toEqual([bus('p1', { timeoutMs: 300 })]);
    expect(plan.stopMeters.sort()).toEqual(['A', 'B']);
    expect(plan.startMeters.map((m) => m.serial)).toEqual(['A']);
  });
});

describe('fromServer', () => {
  const served = (id: number, transport: GatewayConfigMeter['transport'], unitId = 1) => ({
    id, serial: `S${id}`, wiring: 'a,b,c' as const, transport, unitId,
    template: 'eastron-sdm630', pollIntervalMs: 1000,
  }); // prettier-ignore

  it('shares one bus per line: host and port (TCP, RTU over TCP) or serial port (RTU)', () => {
    const rtu = {
      kind: 'rtu',
      path: '/dev/ttyUSB0',
      baudRate: 9600,
      parity: 'none',
      stopBits: 1,
    } as const;
    const layout = fromServer(
      {
        version: 'v', gatewayId: 1,
        meters: [
          served(1, { kind: 'tcp', host: '10.0.0.5', port: 502 }, 1),
          served(2, { kind: 'tcp', host: '10.0.0.5', port: 502 }, 2),
          served(3, { kind: 'tcp', host: '10.0.0.6', port: 1502 }),
          served(4, rtu, 1),
          served(5, { kind: 'rtuOverTcp', host: '10.0.0.7', port: 4001 }),
          served(6, rtu, 2),
          served(7, { kind: 'rtuOverTcp', host: '10.0.0.7', port: 4001 }, 3),
        ],
      },
      timing,
    ); // prettier-ignore
    expect(layout.buses).toEqual([
      { id: '10.0.0.5:502', kind: 'tcp', host: '10.0.0.5', port: 502, ...timing },
      { id: '10.0.0.6:1502', kind: 'tcp', host: '10.0.0.6', port: 1502, ...timing },
      { id: '/dev/ttyUSB0', ...rtu, ...timing },
      {
        id: 'rtu+tcp://10.0.0.7:4001',
        kind: 'rtuOverTcp',
        host: '10.0.0.7',
        port: 4001,
        ...timing,
      },
    ]);
    expect(layout.meters.map((m) => [m.serial, m.bus, m.unitId])).toEqual([
      ['S1', '10.0.0.5:502', 1], ['S2', '10.0.0.5:502', 2], ['S3', '10.0.0.6:1502', 1],
      ['S4', '/dev/ttyUSB0', 1], ['S5', 'rtu+tcp://10.0.0.7:4001', 1], ['S6', '/dev/ttyUSB0', 2],
      ['S7', 'rtu+tcp://10.0.0.7:4001', 3],
    ]); // prettier-ignore
    expect(layout.skipped).toEqual([]);
  });

  it('skips a meter whose port settings disagree with the first meter on the same line', () => {
    const rtu = {
      kind: 'rtu',
      path: '/dev/ttyUSB0',
      baudRate: 9600,
      parity: 'none',
      stopBits: 1,
    } as const;
    const layout = fromServer(
      {
        version: 'v', gatewayId: 1,
        meters: [
          served(1, rtu, 1),
          served(2, { ...rtu, baudRate: 19200 }, 2),
          served(3, { kind: 'tcp', host: '10.0.0.7', port: 4001 }),
          served(4, { kind: 'rtuOverTcp', host: '10.0.0.7', port: 4001 }, 2),
        ],
      },
      timing,
    ); // prettier-ignore
    expect(layout.meters.map((m) => m.serial)).toEqual(['S1', 'S3']);
    expect(layout.skipped).toEqual([
      'S2: RTU /dev/ttyUSB0 19200 none 1 disagrees with S1 on the same line ' +
        '(/dev/ttyUSB0 (9600 none 1)); not polled',
      'S4: RTU over TCP 10.0.0.7:4001 disagrees with S3 on the same line (10.0.0.7:4001); not polled',
    ]);
  });
});
