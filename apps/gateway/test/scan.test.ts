import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayMeterSettings } from '@wattboard/contract/gateway-config';
import { loadTemplates } from '@wattboard/contract/meter-templates';
import {
  describeFinding,
  parseIdRange,
  parseScanArgs,
  plausibleVoltage,
  presenceProbes,
  proposeMeters,
} from '../src/scan/plan.ts';
import { scanBus } from '../src/scan/scan.ts';
import { fillZeros, templateImage } from './helpers/images.ts';
import { emptyImage } from './helpers/modbus-server.ts';
import { hasSocat, socatSkipReason, startRtuSlave } from './helpers/rtu-slave.ts';

if (!hasSocat && process.env.CI) throw new Error(`${socatSkipReason}; CI must run them`);
if (!hasSocat) console.warn(`scan.test.ts: the scans are skipped: ${socatSkipReason}`);

const templates = loadTemplates();
const sdm630 = templates.get('eastron-sdm630')!;
const sdm120 = templates.get('eastron-sdm120')!;
/** The slave holds Eastron register images: the bus tests probe with the Eastron templates. */
const eastron = new Map([
  ['eastron-sdm120', sdm120],
  ['eastron-sdm630', sdm630],
]);
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('scan arguments and the unit id range', () => {
  it('parses ranges, lists and single ids, ascending and each once', () => {
    expect(parseIdRange('1-5')).toEqual([1, 2, 3, 4, 5]);
    expect(parseIdRange('7, 3-4,4,1')).toEqual([1, 3, 4, 7]);
    expect(parseIdRange('1-247')).toHaveLength(247);
    expect(parseIdRange('0-2', false)).toEqual([0, 1, 2]);
    expect(() => parseIdRange('0-3')).toThrow('--ids: 0-3 is outside 1-247 (RTU)');
    expect(() => parseIdRange('240-250')).toThrow('outside 1-247');
    expect(() => parseIdRange('250-256', false)).toThrow('outside 0-255 (Modbus TCP)');
    expect(() => parseIdRange('9-3')).toThrow('runs backwards');
    expect(() => parseIdRange('a')).toThrow('"a" is not an id or a range');
    expect(() => parseIdRange('')).toThrow('is not an id');
  });

  it('reads a serial port, Modbus TCP and RTU over TCP, with defaults', () => {
    expect(parseScanArgs(['--port', '/dev/ttyUSB0', '--baud', '19200', '--parity', 'even'])).toEqual({
      transport: { kind: 'rtu', path: '/dev/ttyUSB0', baudRate: 19200, parity: 'even', stopBits: 1 },
      ids: parseIdRange('1-247'),
      timeoutMs: 200,
      gapMs: 20,
    }); // prettier-ignore
    expect(parseScanArgs(['--host', '10.0.0.5', '--ids', '0-1', '--timeout', '500'])).toEqual({
      transport: { kind: 'tcp', host: '10.0.0.5', port: 502 },
      ids: [0, 1],
      timeoutMs: 500,
      gapMs: 20,
    });
    expect(() =>
      parseScanArgs(['--host', 'gw', '--port-number', '4001', '--rtu-over-tcp', '--stop', '1']),
    ).toThrow('--stop is for a serial --port only');
    expect(
      parseScanArgs(['--host', 'gw', '--port-number', '4001', '--rtu-over-tcp']).transport,
    ).toEqual({ kind: 'rtuOverTcp', host: 'gw', port: 4001 });
    expect(() => parseScanArgs([])).toThrow('give --port (a serial port) or --host');
    expect(() => parseScanArgs(['--port', '/dev/ttyS0', '--baud', '9601'])).toThrow('--baud must be one of');
    expect(() => parseScanArgs(['--port', '/dev/ttyS0', '--parity', 'mark'])).toThrow('--parity');
    expect(() => parseScanArgs(['--port', '/dev/ttyS0', '--stop', '3'])).toThrow('--stop must be 1 or 2');
    expect(() => parseScanArgs(['--port', '/dev/ttyS0', '--rtu-over-tcp'])).toThrow('goes with --host');
    expect(() => parseScanArgs(['--port', '/dev/ttyS0', '--ids', '0-3'])).toThrow('outside 1-247');
    expect(() => parseScanArgs(['--port'])).toThrow('--port needs a value');
    expect(() => parseScanArgs(['--speed', '9600'])).toThrow('unknown option --speed');
  }); // prettier-ignore
});

describe('presence probes and the proposal', () => {
  it('probes only the templates’ own L1 voltage register, one read for templates that share it', () => {
    // Every shipped template is probed by its own L1 voltage register.
    const all = presenceProbes(templates.values());
    expect(all.flatMap((p) => p.templates).sort()).toEqual([...templates.keys()].sort());
    const probes = presenceProbes(eastron.values());
    // Both Eastron templates map L1 voltage to FC 4, address 0, float32: one probe for both.
    expect(probes.map((p) => [p.templates, p.register.functionCode, p.register.address])).toEqual([
      [['eastron-sdm120', 'eastron-sdm630'], 4, 0],
    ]);
    for (const p of probes) {
      // The register as each template has it (its `ref`, the row in its own manual, aside).
      const { ref: _ref, ...spec } = p.register;
      for (const id of p.templates) {
        expect(templates.get(id)!.registers).toContainEqual({ ...spec, ref: expect.any(String) });
      }
    }
    // A template whose L1 voltage is elsewhere gets its own probe.
    const other = {
      ...sdm120,
      id: 'other',
      registers: [{ ...sdm120.registers[0]!, address: 100 }],
    };
    expect(presenceProbes([sdm630, other]).map((p) => p.templates)).toEqual([
      ['eastron-sdm630'],
      ['other'],
    ]);
  });

  it('proposes what the Admin Meters dialog takes; the template only when one template fits', () => {
    const transport = { kind: 'rtu', path: '/dev/ttyUSB0', baudRate: 9600, parity: 'none', stopBits: 1 } as const;
    const proposal = proposeMeters(transport, [
      { unitId: 1, candidates: [{ template: 'eastron-sdm120', voltage: 230 }, { template: 'eastron-sdm630', voltage: 230 }], exceptions: [], garbled: false },
      { unitId: 4, candidates: [{ template: 'eastron-sdm630', voltage: 231 }], exceptions: [], garbled: false },
      { unitId: 9, candidates: [], exceptions: [{ template: 'eastron-sdm630', code: 2 }], garbled: false },
    ]); // prettier-ignore
    expect(proposal.meters).toEqual([
      { transport, unitId: 1, template: null, templateCandidates: ['eastron-sdm120', 'eastron-sdm630'], pollIntervalMs: 60_000 },
      { transport, unitId: 4, template: 'eastron-sdm630', templateCandidates: ['eastron-sdm630'], pollIntervalMs: 60_000 },
      { transport, unitId: 9, template: null, templateCandidates: [], pollIntervalMs: 60_000 },
    ]); // prettier-ignore
    // With a template chosen, each entry is what Admin › Gateways › Meters saves.
    for (const m of proposal.meters) {
      const { templateCandidates: _c, ...settings } = m;
      expect(gatewayMeterSettings.safeParse({ ...settings, template: 'eastron-sdm630' }).success).toBe(true);
    }
  }); // prettier-ignore

  it('takes only a voltage a meter could report: another model’s register decodes to nonsense', () => {
    expect(plausibleVoltage(230.5)).toBe(true);
    expect(plausibleVoltage(0)).toBe(true);
    expect(plausibleVoltage(13_200)).toBe(true); // 22.8 kV line, phase through PTs
    expect(plausibleVoltage(-214_746_653.2)).toBe(false); // an Eastron float read as an int32
    expect(plausibleVoltage(1e9)).toBe(false);
    expect(plausibleVoltage(Number.NaN)).toBe(false);
    expect(plausibleVoltage(null)).toBe(false);
  });

  it('describes each unit in one line', () => {
    expect(
      describeFinding({
        unitId: 3,
        candidates: [
          { template: 'eastron-sdm120', voltage: 230.5 },
          { template: 'eastron-sdm630', voltage: 230.5 },
        ],
        exceptions: [],
        garbled: false,
      }),
    ).toBe('unit 3: answers; model unknown (L1 voltage 230.5 V as eastron-sdm120, eastron-sdm630)');
    expect(
      describeFinding({
        unitId: 5,
        candidates: [],
        exceptions: [{ template: 'eastron-sdm630', code: 2 }],
        garbled: false,
      }),
    ).toBe('unit 5: answers, but no template fits (exception 2 for eastron-sdm630)');
    expect(describeFinding({ unitId: 6, candidates: [], exceptions: [], garbled: true })).toMatch(
      /^unit 6: a garbled answer \(bad CRC\): check baud rate/,
    );
  });
});

const sdm630Image = () =>
  fillZeros(
    templateImage(sdm630, {
      voltage_l1: 230.5, voltage_l2: 231, voltage_l3: 229, current_l1: 1, current_l2: 1,
      current_l3: 1, kw_l1: 100, kw_l2: 100, kw_l3: 100,
    }),
    4, 18, 29,
  ); // prettier-ignore
const sdm120Image = () => templateImage(sdm120, { voltage_l1: 110.25, current_l1: 2, kw_l1: 50 });

describe.skipIf(!hasSocat)('scanning an RTU line (socat pty pair, ServerSerial)', () => {
  it('finds the two unit ids that answer and nothing at the others', async () => {
    // Unit 9 is a device without the voltage register: it answers exception 2.
    const s = await startRtuSlave(new Map([[2, sdm630Image()], [5, sdm120Image()], [9, emptyImage()]])); // prettier-ignore
    cleanups.push(s.close);
    const transport = { kind: 'rtu', path: s.path, baudRate: 9600, parity: 'none', stopBits: 1 } as const; // prettier-ignore
    const lines: string[] = [];
    const found = await scanBus(
      { transport, ids: parseIdRange('1-10'), timeoutMs: 80, gapMs: 5 },
      eastron,
      (f) => lines.push(describeFinding(f)),
    );
    const both = ['eastron-sdm120', 'eastron-sdm630'];
    expect(found).toEqual([
      { unitId: 2, candidates: both.map((template) => ({ template, voltage: 230.5 })), exceptions: [], garbled: false },
      { unitId: 5, candidates: both.map((template) => ({ template, voltage: 110.25 })), exceptions: [], garbled: false },
      { unitId: 9, candidates: [], exceptions: both.map((template) => ({ template, code: 2 })), garbled: false },
    ]); // prettier-ignore
    expect(lines).toEqual([
      'unit 2: answers; model unknown (L1 voltage 230.5 V as eastron-sdm120, eastron-sdm630)',
      'unit 5: answers; model unknown (L1 voltage 110.25 V as eastron-sdm120, eastron-sdm630)',
      'unit 9: answers, but no template fits (exception 2 for eastron-sdm120, exception 2 for eastron-sdm630)',
    ]);
    // Only the templates' L1 voltage register was asked, once per id (FC 4 at every id).
    expect(s.state.requests.every((r) => r.fc === 4)).toBe(true);
    expect(s.state.requests.map((r) => r.unitId)).toEqual(parseIdRange('1-10'));
  });

  it('the command prints the units found and the JSON block for Admin', async () => {
    const s = await startRtuSlave(
      new Map([
        [1, sdm630Image()],
        [3, sdm120Image()],
      ]),
    );
    cleanups.push(s.close);
    const main = fileURLToPath(new URL('../src/scan-main.ts', import.meta.url));
    const args = [main, '--port', s.path, '--baud', '9600', '--ids', '1-4', '--timeout', '80'];
    const { stdout } = await promisify(execFile)(process.execPath, args);
    expect(stdout).toContain('unit 1: answers; model unknown (L1 voltage 230.5 V as');
    expect(stdout).toContain('unit 3: answers; model unknown (L1 voltage 110.25 V as');
    const json = JSON.parse(stdout.slice(stdout.indexOf('{'))) as ReturnType<typeof proposeMeters>;
    expect(json.meters.map((m) => [m.unitId, m.template, m.transport])).toEqual([
      [1, null, { kind: 'rtu', path: s.path, baudRate: 9600, parity: 'none', stopBits: 1 }],
      [3, null, { kind: 'rtu', path: s.path, baudRate: 9600, parity: 'none', stopBits: 1 }],
    ]);
  });

  it('scans RTU over TCP through a serial server in raw mode', async () => {
    const s = await startRtuSlave(new Map([[4, sdm120Image()]]));
    cleanups.push(s.close);
    const port = await s.rtuOverTcp();
    const found = await scanBus(
      parseScanArgs(['--host', '127.0.0.1', '--port-number', `${port}`, '--rtu-over-tcp', '--ids', '3-5', '--timeout', '80']),
      templates,
    ); // prettier-ignore
    expect(found.map((f) => [f.unitId, f.candidates[0]?.voltage])).toEqual([[4, 110.25]]);
  });
});
