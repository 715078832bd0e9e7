import {
  MODBUS_BAUD_RATES,
  MODBUS_PARITIES,
  type GatewayTransport,
} from '@wattboard/contract/gateway-config';
import type { MeterTemplate, TemplateRegister } from '@wattboard/contract/meter-templates';

/**
 * The bus scan's pure parts (`npm run scan -w @wattboard/gateway`, docs/gateway.md): its
 * arguments, the unit id range, which registers tell that a meter is there, and the proposal
 * printed for Admin › Gateways › Meters.
 *
 * Templates carry no identity register (a model or serial number register): none was read in a
 * manufacturer's document. So presence is told by a register every template reads, the L1
 * voltage (the template schema requires it), and a meter found is "answers; model unknown" with
 * the templates whose L1 voltage register answered as candidates. No other register is tried.
 */

export interface ScanOptions {
  transport: GatewayTransport;
  ids: number[];
  /** Per request: short, since most ids on a line answer nothing. */
  timeoutMs: number;
  gapMs: number;
}

export const SCAN_USAGE = `usage: npm run scan -w @wattboard/gateway -- [options]
  RTU on a serial port:  --port /dev/ttyUSB0 --baud 9600 [--parity none|even|odd] [--stop 1|2]
  Modbus TCP:            --host 192.168.1.20 [--port-number 502]
  RTU over TCP:          --host 192.168.1.20 --port-number 4001 --rtu-over-tcp
  both:                  [--ids 1-247] (e.g. 1-10,20,30-32) [--timeout 200] (ms) [--gap 20] (ms)`;

/**
 * Unit ids from "1-247", "5", "1-10,20,30-32": ascending, each once. RTU allows 1..247 (0 is the
 * broadcast, which no meter answers); Modbus TCP 0..255.
 */
export function parseIdRange(text: string, rtu = true): number[] {
  const [min, max] = rtu ? [1, 247] : [0, 255];
  const ids = new Set<number>();
  for (const part of text.split(',').map((p) => p.trim())) {
    const m = /^(\d{1,3})(?:\s*-\s*(\d{1,3}))?$/.exec(part);
    if (!m) throw new Error(`--ids: "${part}" is not an id or a range like 1-247`);
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (from > to) throw new Error(`--ids: ${part} runs backwards`);
    if (from < min || to > max) {
      throw new Error(`--ids: ${part} is outside ${min}-${max}${rtu ? ' (RTU)' : ' (Modbus TCP)'}`);
    }
    for (let id = from; id <= to; id++) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

function integer(name: string, value: string | undefined): number {
  if (value === undefined || !/^\d+$/.test(value)) throw new Error(`${name} needs a whole number`);
  return Number(value);
}

/** The command line (after `--`) as scan options; throws with the problem. */
export function parseScanArgs(argv: readonly string[]): ScanOptions {
  const flags = new Map<string, string>();
  let rtuOverTcp = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--rtu-over-tcp') {
      rtuOverTcp = true;
      continue;
    }
    const known = ['--port', '--baud', '--parity', '--stop', '--ids', '--host', '--port-number'];
    if (![...known, '--timeout', '--gap'].includes(arg)) throw new Error(`unknown option ${arg}`);
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value`);
    flags.set(arg, value);
    i++;
  }
  const host = flags.get('--host');
  const path = flags.get('--port');
  if (host !== undefined && path !== undefined) {
    throw new Error('--port is a serial port; give either it or --host (with --port-number)');
  }
  let transport: GatewayTransport;
  if (path !== undefined) {
    if (rtuOverTcp) throw new Error('--rtu-over-tcp goes with --host, not a serial --port');
    const baudRate = integer('--baud', flags.get('--baud') ?? '9600');
    if (!(MODBUS_BAUD_RATES as readonly number[]).includes(baudRate)) {
      throw new Error(`--baud must be one of ${MODBUS_BAUD_RATES.join(', ')}`);
    }
    const parity = flags.get('--parity') ?? 'none';
    if (!(MODBUS_PARITIES as readonly string[]).includes(parity)) {
      throw new Error('--parity must be none, even or odd');
    }
    const stopBits = integer('--stop', flags.get('--stop') ?? '1');
    if (stopBits !== 1 && stopBits !== 2) throw new Error('--stop must be 1 or 2');
    transport = {
      kind: 'rtu',
      path,
      baudRate,
      parity: parity as (typeof MODBUS_PARITIES)[number],
      stopBits,
    };
  } else if (host !== undefined) {
    const port = integer('--port-number', flags.get('--port-number') ?? '502');
    if (port < 1 || port > 65535) throw new Error('--port-number must be 1 to 65535');
    transport = { kind: rtuOverTcp ? 'rtuOverTcp' : 'tcp', host, port };
    for (const serialOnly of ['--baud', '--parity', '--stop']) {
      if (flags.has(serialOnly)) throw new Error(`${serialOnly} is for a serial --port only`);
    }
  } else {
    throw new Error('give --port (a serial port) or --host');
  }
  const timeoutMs = integer('--timeout', flags.get('--timeout') ?? '200');
  if (timeoutMs < 20 || timeoutMs > 10_000) throw new Error('--timeout must be 20 to 10000 ms');
  const gapMs = integer('--gap', flags.get('--gap') ?? '20');
  if (gapMs > 10_000) throw new Error('--gap must be at most 10000 ms');
  const ids = parseIdRange(flags.get('--ids') ?? '1-247', transport.kind !== 'tcp');
  return { transport, ids, timeoutMs, gapMs };
}

/** One register read to tell presence, and the templates that map it exactly so. */
export interface PresenceProbe {
  register: TemplateRegister;
  templates: string[];
}

/**
 * The templates' L1 voltage registers, templates with the same register (function code, address,
 * type, order, multiplier, scale, unit) sharing one probe, so each id costs one request per
 * distinct register, not one per template.
 */
export function presenceProbes(templates: Iterable<MeterTemplate>): PresenceProbe[] {
  const probes = new Map<string, PresenceProbe>();
  for (const t of templates) {
    const register = t.registers.find((r) => r.quantity === 'voltage_l1');
    if (!register) continue; // the schema requires it; a template without it cannot be probed
    const { ref: _ref, ...spec } = register;
    const key = JSON.stringify(spec);
    const probe = probes.get(key) ?? { register, templates: [] };
    probe.templates.push(t.id);
    probes.set(key, probe);
  }
  return [...probes.values()];
}

/**
 * An L1 voltage a meter could report: 0 V up to a 69 kV system's phase voltage read through its
 * PTs. Another model's register at the same address decodes to nonsense (an Eastron's float32 read
 * as a Carlo Gavazzi's int32 gives −214,746,653 V): that template is not a candidate.
 */
export function plausibleVoltage(volts: number | null): boolean {
  return volts !== null && Number.isFinite(volts) && volts >= 0 && volts <= 100_000;
}

/** What one unit id did. */
export interface UnitFinding {
  unitId: number;
  /** Templates whose L1 voltage register answered, with the value it decoded to (V). */
  candidates: { template: string; voltage: number | null }[];
  /** The unit answered, but with a Modbus exception (code) for these templates' register. */
  exceptions: { template: string; code: number }[];
  /** A garbled answer (bad CRC): something is there, at another speed or framing, or colliding. */
  garbled: boolean;
}

/** A meter as Admin › Gateways › Meters takes it; `template` null when the model is unknown. */
export interface ProposedMeter {
  transport: GatewayTransport;
  unitId: number;
  template: string | null;
  /** Templates whose registers answered: choose among them (the model is not identified). */
  templateCandidates: string[];
  pollIntervalMs: number;
}

/** The JSON block printed after a scan: one entry per unit id that answered at all. */
export function proposeMeters(
  transport: GatewayTransport,
  findings: readonly UnitFinding[],
  pollIntervalMs = 60_000,
): { meters: ProposedMeter[] } {
  const meters = findings
    .filter((f) => f.candidates.length > 0 || f.exceptions.length > 0 || f.garbled)
    .map((f) => {
      const templateCandidates = f.candidates.map((c) => c.template);
      return {
        transport,
        unitId: f.unitId,
        // Only when one template's register answered: never a pick among several.
        template: templateCandidates.length === 1 ? templateCandidates[0]! : null,
        templateCandidates,
        pollIntervalMs,
      };
    });
  return { meters };
}

/** One line per unit that answered, for the scan's output. */
export function describeFinding(f: UnitFinding): string {
  const parts: string[] = [];
  if (f.candidates.length > 0) {
    const byValue = new Map<string, string[]>();
    for (const c of f.candidates) {
      const v = c.voltage === null ? 'a value that does not decode' : `${c.voltage} V`;
      byValue.set(v, [...(byValue.get(v) ?? []), c.template]);
    }
    const reads = [...byValue].map(([v, ts]) => `L1 voltage ${v} as ${ts.join(', ')}`);
    parts.push(`answers; model unknown (${reads.join('; ')})`);
  }
  if (f.exceptions.length > 0) {
    const ex = f.exceptions.map((e) => `exception ${e.code} for ${e.template}`).join(', ');
    parts.push(f.candidates.length > 0 ? ex : `answers, but no template fits (${ex})`);
  }
  if (f.garbled && parts.length === 0) {
    parts.push('a garbled answer (bad CRC): check baud rate, parity and stop bits, and wiring');
  }
  return `unit ${f.unitId}: ${parts.join('; ')}`;
}
