import { afterEach, describe, expect, it } from 'vitest';
import {
  loadTemplates,
  type MeterTemplate,
  type Quantity,
  type TemplateRegister,
} from '@wattboard/contract/meter-templates';
import { ModbusBus } from '../src/modbus/bus.ts';
import { planReads } from '../src/modbus/plan.ts';
import { readMeter } from '../src/modbus/read-meter.ts';
import { emptyImage, startModbusServer, type UnitImage } from './helpers/modbus-server.ts';

/**
 * Every shipped template against a real Modbus TCP server (modbus-serial's ServerTCP): known
 * values, in the server's units, are turned into the register words the manual describes — the
 * register's unit and multiplier undone, then its type, word order and byte order — by an encoder
 * written here from the formats' definitions (not the gateway's decoder nor the shared test
 * helper), and the gateway's poll of that server must give the same values back.
 */

const templates = loadTemplates();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** The values every template is loaded with, in server units (V, A, kW, 1, Hz, kWh, kvarh). */
const KNOWN: Record<Quantity, number> = {
  voltage_l1: 230.5,
  voltage_l2: 231.5,
  voltage_l3: 229.5,
  current_l1: 10.25,
  current_l2: 5.5,
  current_l3: 0.75,
  kw_l1: 2.25,
  kw_l2: -1.5, // a phase exporting: signed types must keep the sign
  kw_l3: 0.75,
  kw_total: 1.5,
  pf_l1: 0.875,
  pf_l2: -0.5,
  pf_l3: 1,
  frequency: 59.5,
  // Above 2^32 raw counts for a 0.01 kWh register, so a 64-bit counter's high words are used.
  kwh_import: 98765432.5,
  kwh_export: 1.5,
  kvarh_import: 4321.5,
};
/** float32 cannot hold 98765432.5 exactly; float registers get a float32-exact counter. */
const KNOWN_FLOAT32: Partial<Record<Quantity, number>> = { kwh_import: 987654.5 };
/** A float32 counter in Wh (Janitza) holds whole Wh below 2^24: 9 876 500 Wh. */
const KNOWN_FLOAT32_WH: Partial<Record<Quantity, number>> = { kwh_import: 9876.5 };

/** How many of the register's own unit one server unit is (kW → W is 1000). */
const PER_SERVER_UNIT: Record<TemplateRegister['unit'], number> = {
  V: 1, kV: 0.001, A: 1, mA: 1000, W: 1000, kW: 1, Wh: 1000, kWh: 1, MWh: 0.001,
  varh: 1000, kvarh: 1, Hz: 1, '1': 1,
}; // prettier-ignore

const WIDTH = { int16: 1, uint16: 1, int32: 2, uint32: 2, float32: 2, int64: 4, uint64: 4 };

/** The raw number the meter would hold for `value` (server units) in this register. */
function rawFor(r: TemplateRegister, value: number): number {
  const raw = (value * PER_SERVER_UNIT[r.unit]) / r.multiplier;
  if (r.type === 'float32') {
    if (Math.fround(raw) !== raw) throw new Error(`${r.quantity}: ${raw} is not float32-exact`);
    return raw;
  }
  const whole = Math.round(raw);
  if (Math.abs(raw - whole) > 1e-6 * Math.max(1, Math.abs(whole))) {
    throw new Error(`${r.quantity}: ${raw} is not a whole count of the register`);
  }
  return whole;
}

/**
 * The register words: the value's bytes most significant first (DataView is big-endian), paired
 * into words, the pair swapped when the byte order is swapped, the words reversed when the least
 * significant word comes first.
 */
function encode(r: TemplateRegister, raw: number): number[] {
  const view = new DataView(new ArrayBuffer(WIDTH[r.type] * 2));
  switch (r.type) {
    case 'int16':
      view.setInt16(0, raw);
      break;
    case 'uint16':
      view.setUint16(0, raw);
      break;
    case 'int32':
      view.setInt32(0, raw);
      break;
    case 'uint32':
      view.setUint32(0, raw);
      break;
    case 'float32':
      view.setFloat32(0, raw);
      break;
    case 'int64':
      view.setBigInt64(0, BigInt(raw));
      break;
    case 'uint64':
      view.setBigUint64(0, BigInt(raw));
      break;
  }
  const words: number[] = [];
  for (let i = 0; i < WIDTH[r.type]; i++) {
    const [hi, lo] = [view.getUint8(2 * i), view.getUint8(2 * i + 1)];
    words.push(r.byteSwap ? lo * 256 + hi : hi * 256 + lo);
  }
  return r.wordOrder === 'big' ? words : words.reverse();
}

function knownValue(r: TemplateRegister): number {
  const float = r.unit === 'Wh' ? KNOWN_FLOAT32_WH : KNOWN_FLOAT32;
  return (r.type === 'float32' ? float[r.quantity] : undefined) ?? KNOWN[r.quantity];
}

/** The meter's registers: each template register's words, zeros elsewhere in the planned reads. */
function meterImage(t: MeterTemplate): UnitImage {
  const image = emptyImage();
  for (const r of t.registers) {
    if (r.scaleRegister) throw new Error('no shipped template has a scale register yet');
    encode(r, rawFor(r, knownValue(r))).forEach((w, i) =>
      image[r.functionCode].set(r.address + i, w),
    );
  }
  for (const b of planReads(t.registers, t.maxRegistersPerRead, t.maxGap)) {
    for (let a = b.start; a < b.start + b.count; a++) {
      if (!image[b.functionCode].has(a)) image[b.functionCode].set(a, 0);
    }
  }
  return image;
}

describe('every shipped template, polled from a real Modbus TCP server', () => {
  it('covers the new templates', () => {
    expect([...templates.keys()]).toEqual(
      expect.arrayContaining(['eastron-sdm230', 'eastron-sdm72d-m']),
    );
  });

  it.each([...templates.keys()])('%s decodes exactly the values put in', async (id) => {
    const t = templates.get(id)!;
    const image = meterImage(t);
    const modbus = await startModbusServer(new Map([[7, image]]));
    cleanups.push(modbus.close);
    const bus = new ModbusBus({
      host: '127.0.0.1', port: modbus.port, timeoutMs: 500, retries: 1, gapMs: 0,
    }); // prettier-ignore
    cleanups.push(() => bus.close());

    const { values, problems } = await readMeter(bus, 7, t);
    expect(problems).toEqual([]);
    expect(Object.keys(values).sort()).toEqual(t.registers.map((r) => r.quantity).sort());
    // Exactly: a decimal multiplier gives the decimal (2306 × 0.1 is 230.6, not 230.60000000000002).
    for (const r of t.registers) expect(values[r.quantity], r.quantity).toBe(knownValue(r));
    // Every request stayed within the template's own per-read limit.
    for (const q of modbus.requests) expect(q.count).toBeLessThanOrEqual(t.maxRegistersPerRead);
  });

  it('a 64-bit counter is read across all four words', () => {
    const wide = [...templates.values()].flatMap((t) =>
      t.registers.filter(
        (r) => (r.type === 'uint64' || r.type === 'int64') && r.quantity === 'kwh_import',
      ),
    );
    expect(wide.length).toBeGreaterThan(0);
    for (const r of wide) {
      const words = encode(r, rawFor(r, knownValue(r)));
      const msFirst = r.wordOrder === 'big' ? words : [...words].reverse();
      // 98765432.5 kWh at 0.01 kWh is 9876543250 counts: more than 32 bits.
      expect(msFirst[0]! + msFirst[1]!, r.quantity).toBeGreaterThan(0);
    }
  });

  it('the encoder matches the manuals’ worked examples', () => {
    const reg = (over: Partial<TemplateRegister>) =>
      ({ wordOrder: 'big', byteSwap: false, multiplier: 1, ...over }) as TemplateRegister;
    // ABB A43/A44 manual p. 170: active total power 0001E8E4 hex = 125156 → 1251.56 W.
    expect(encode(reg({ type: 'int32' }), 125156)).toEqual([0x0001, 0xe8e4]);
    // Carlo Gavazzi: INT32 least significant word first.
    expect(encode(reg({ type: 'int32', wordOrder: 'little' }), 2305)).toEqual([0x0901, 0x0000]);
    expect(encode(reg({ type: 'int16' }), -875)).toEqual([0xfc95]);
    expect(encode(reg({ type: 'float32' }), 230.5)).toEqual([0x4366, 0x8000]);
    expect(encode(reg({ type: 'uint64' }), 9876543250)).toEqual([0, 0x0002, 0x4cb0, 0x1712]);
  });
});
