import { describe, expect, it } from 'vitest';
import {
  loadTemplates,
  registerCount,
  type MeterTemplate,
} from '@wattboard/contract/meter-templates';
import { planReads, type ReadBlock } from '../src/modbus/plan.ts';
import { decodeTemplate, type Values } from '../src/modbus/read-meter.ts';

/**
 * Every shipped template against a register frame written out by hand: the addresses typed again
 * from each manual (not copied from the template), the words worked out on paper from the
 * manual's type, word order and scale (IEEE 754 bit patterns, two's complement, least or most
 * significant word first), and the values the server should get. A template register at the
 * wrong address, of the wrong type or order, or with the wrong scale or unit decodes to something
 * else here. Pure: decodeTemplate is fed the words of the template's own planned reads.
 */

const templates = loadTemplates();

/** A 32-bit pattern as the two words a most-significant-word-first meter sends. */
const hiLo = (bits: number): number[] => [Math.floor(bits / 0x10000), bits % 0x10000];
/** The same pattern least significant word first (Carlo Gavazzi's INT32). */
const loHi = (bits: number): number[] => hiLo(bits).reverse();

type Frame = [fc: 3 | 4, address: number, words: number[]][];

// IEEE 754 single precision, worked out by hand (sign | exponent + 127 | 23-bit fraction):
const F = {
  v230_5: 0x43668000, // 230.5 = 1.80078125 × 2^7
  v231: 0x43670000, // 231 = 1.8046875 × 2^7
  v229: 0x43650000, // 229 = 1.7890625 × 2^7
  a10: 0x41200000, // 10 = 1.25 × 2^3
  a5: 0x40a00000, // 5 = 1.25 × 2^2
  a2_5: 0x40200000, // 2.5 = 1.25 × 2^1
  w2300: 0x450fc000, // 2300 = 1.123046875 × 2^11
  w1150: 0x448fc000, // 1150 = 1.123046875 × 2^10
  wMinus575: 0xc40fc000, // −575 = −1.123046875 × 2^9
  w2875: 0x4533b000, // 2875 = 1.40380859375 × 2^11
  pf0_875: 0x3f600000, // 0.875 = 1.75 × 2^−1
  pf0_5: 0x3f000000, // 0.5 = 1 × 2^−1
  pfMinus0_75: 0xbf400000, // −0.75 = −1.5 × 2^−1
  pf1: 0x3f800000, // 1
  hz60: 0x42700000, // 60 = 1.875 × 2^5
  kwh12345: 0x4640e400, // 12345 = 1.5069580078125 × 2^13
  kwh1_5: 0x3fc00000, // 1.5 = 1.5 × 2^0
  kvarh4000: 0x457a0000, // 4000 = 1.953125 × 2^11
  wh12345000: 0x4b3c5ea8, // 12 345 000 = 0xBC5EA8 = 1.47… × 2^23, fraction 0x3C5EA8
  wh1500: 0x44bb8000, // 1500 = 1.46484375 × 2^10
  varh4000000: 0x4a742400, // 4 000 000 = 0x3D0900 = 1.907… × 2^21, fraction 0x742400
};

/** Eastron input registers (function 04, float32, most significant word first). */
const eastron: Record<string, Frame[number]> = {
  voltage_l1: [4, 0x0000, hiLo(F.v230_5)],
  voltage_l2: [4, 0x0002, hiLo(F.v231)],
  voltage_l3: [4, 0x0004, hiLo(F.v229)],
  current_l1: [4, 0x0006, hiLo(F.a10)],
  current_l2: [4, 0x0008, hiLo(F.a5)],
  current_l3: [4, 0x000a, hiLo(F.a2_5)],
  kw_l1: [4, 0x000c, hiLo(F.w2300)],
  kw_l2: [4, 0x000e, hiLo(F.w1150)],
  kw_l3: [4, 0x0010, hiLo(F.wMinus575)],
  pf_l1: [4, 0x001e, hiLo(F.pf0_875)],
  pf_l2: [4, 0x0020, hiLo(F.pf0_5)],
  pf_l3: [4, 0x0022, hiLo(F.pfMinus0_75)],
  kw_total: [4, 0x0034, hiLo(F.w2875)],
  frequency: [4, 0x0046, hiLo(F.hz60)],
  kwh_import: [4, 0x0048, hiLo(F.kwh12345)],
  kwh_export: [4, 0x004a, hiLo(F.kwh1_5)],
  kvarh_import: [4, 0x004c, hiLo(F.kvarh4000)],
};
const EASTRON_VALUES: Values = {
  voltage_l1: 230.5, voltage_l2: 231, voltage_l3: 229,
  current_l1: 10, current_l2: 5, current_l3: 2.5,
  kw_l1: 2.3, kw_l2: 1.15, kw_l3: -0.575, kw_total: 2.875,
  pf_l1: 0.875, pf_l2: 0.5, pf_l3: -0.75,
  frequency: 60, kwh_import: 12345, kwh_export: 1.5, kvarh_import: 4000,
}; // prettier-ignore
const pick = <T>(from: Record<string, T>, keys: string[]): Record<string, T> =>
  Object.fromEntries(keys.map((k) => [k, from[k]!]));
const SINGLE = ['voltage_l1', 'current_l1', 'kw_l1', 'pf_l1', 'frequency', 'kwh_import', 'kwh_export', 'kvarh_import']; // prettier-ignore
const SDM72 = ['voltage_l1', 'voltage_l2', 'voltage_l3', 'current_l1', 'current_l2', 'current_l3', 'kw_l1', 'kw_l2', 'kw_l3', 'kw_total', 'kwh_import', 'kwh_export']; // prettier-ignore

interface Case {
  id: string;
  frame: Frame;
  values: Values;
}

const CASES: Case[] = [
  {
    id: 'abb-a43-a44',
    // Function 03, most significant word first; V uint32 0.1 V, A uint32 0.01 A, W int32 0.01 W,
    // Hz uint16 0.01, PF int16 0.001, energies uint64 0.01 kWh / kvarh.
    frame: [
      [3, 0x5b00, [0x0000, 0x0901]], // 2305 → 230.5 V
      [3, 0x5b02, [0x0000, 0x0906]], // 2310 → 231 V
      [3, 0x5b04, [0x0000, 0x08f2]], // 2290 → 229 V
      [3, 0x5b0c, [0x0000, 0x03e8]], // 1000 → 10 A
      [3, 0x5b0e, [0x0000, 0x01f4]], // 500 → 5 A
      [3, 0x5b10, [0x0000, 0x00fa]], // 250 → 2.5 A
      [3, 0x5b14, [0x0004, 0x630c]], // 287500 → 2875 W
      [3, 0x5b16, [0x0003, 0x8270]], // 230000 → 2300 W
      [3, 0x5b18, [0x0001, 0xc138]], // 115000 → 1150 W
      [3, 0x5b1a, [0xffff, 0x1f64]], // −57500 → −575 W
      [3, 0x5b2c, [0x1770]], // 6000 → 60 Hz
      [3, 0x5b3b, [0x036b]], // 875 → 0.875
      [3, 0x5b3c, [0x01f4]], // 500 → 0.5
      [3, 0x5b3d, [0xfd12]], // −750 → −0.75
      [3, 0x5000, [0x0000, 0x0002, 0x4cb0, 0x1712]], // 9876543250 → 98765432.5 kWh
      [3, 0x5004, [0x0000, 0x0000, 0x0000, 0x0096]], // 150 → 1.5 kWh
      [3, 0x500c, [0x0000, 0x0000, 0x0006, 0x1a80]], // 400000 → 4000 kvarh
    ],
    values: { ...EASTRON_VALUES, kwh_import: 98765432.5 },
  },
  {
    id: 'carlogavazzi-em24',
    // Function 04; INT32 least significant word first (V×10, A×1000, W×10, kWh×10, kvarh×10),
    // INT16 PF×1000 and Hz×10.
    frame: [
      [4, 0x00, loHi(2305)], // 230.5 V
      [4, 0x02, loHi(0x0906)], // 2310 → 231 V
      [4, 0x04, loHi(0x08f2)], // 2290 → 229 V
      [4, 0x0c, loHi(0x2710)], // 10000 → 10 A
      [4, 0x0e, loHi(0x1388)], // 5000 → 5 A
      [4, 0x10, loHi(0x09c4)], // 2500 → 2.5 A
      [4, 0x12, loHi(0x59d8)], // 23000 → 2300 W
      [4, 0x14, loHi(0x2cec)], // 11500 → 1150 W
      [4, 0x16, [0xe98a, 0xffff]], // −5750 = 0xFFFFE98A, low word first → −575 W
      [4, 0x28, loHi(0x704e)], // 28750 → 2875 W
      [4, 0x32, [0x036b]], // 875 → 0.875
      [4, 0x33, [0x01f4]], // 500 → 0.5
      [4, 0x34, [0xfd12]], // −750 → −0.75
      [4, 0x37, [0x0258]], // 600 → 60 Hz
      [4, 0x3e, [0xe240, 0x0001]], // 123456 = 0x0001E240 → 12345.6 kWh
      [4, 0x40, loHi(0x9c40)], // 40000 → 4000 kvarh
    ],
    values: (() => {
      const { kwh_export: _export, ...rest } = EASTRON_VALUES;
      return { ...rest, kwh_import: 12345.6 };
    })(),
  },
  {
    id: 'eastron-sdm120',
    frame: Object.values(pick(eastron, SINGLE)),
    values: pick(EASTRON_VALUES as Record<string, number>, SINGLE),
  },
  {
    id: 'eastron-sdm230',
    frame: Object.values(pick(eastron, SINGLE)),
    values: pick(EASTRON_VALUES as Record<string, number>, SINGLE),
  },
  { id: 'eastron-sdm630', frame: Object.values(eastron), values: EASTRON_VALUES },
  {
    id: 'eastron-sdm72d-m',
    frame: Object.values(pick(eastron, SDM72)),
    values: pick(EASTRON_VALUES as Record<string, number>, SDM72),
  },
  {
    id: 'janitza-umg96rm',
    // Function 03, float32 big-endian at the list's own addresses; powers in W, energies in Wh
    // and varh (the server gets kW, kWh, kvarh).
    frame: [
      [3, 19000, hiLo(F.v230_5)],
      [3, 19002, hiLo(F.v231)],
      [3, 19004, hiLo(F.v229)],
      [3, 19012, hiLo(F.a10)],
      [3, 19014, hiLo(F.a5)],
      [3, 19016, hiLo(F.a2_5)],
      [3, 19020, hiLo(F.w2300)],
      [3, 19022, hiLo(F.w1150)],
      [3, 19024, hiLo(F.wMinus575)],
      [3, 19026, hiLo(F.w2875)],
      [3, 19050, hiLo(F.hz60)],
      [3, 828, hiLo(F.pf0_875)],
      [3, 830, hiLo(F.pf0_5)],
      [3, 832, hiLo(F.pf1)], // lambda is unsigned
      [3, 5352, hiLo(F.wh12345000)],
      [3, 5368, hiLo(F.wh1500)],
      [3, 5400, hiLo(F.varh4000000)],
    ],
    values: { ...EASTRON_VALUES, pf_l3: 1 },
  },
];

/** The answers of the template's planned reads: the frame's words, zeros elsewhere. */
function answersFor(t: MeterTemplate, frame: Frame): Map<ReadBlock, number[]> {
  const words = new Map<string, number>();
  for (const [fc, address, ws] of frame) ws.forEach((w, i) => words.set(`${fc}:${address + i}`, w));
  const answers = new Map<ReadBlock, number[]>();
  for (const b of planReads(t.registers, t.maxRegistersPerRead, t.maxGap)) {
    answers.set(
      b,
      Array.from({ length: b.count }, (_, i) => words.get(`${b.functionCode}:${b.start + i}`) ?? 0),
    );
  }
  return answers;
}

describe('each template decodes a frame worked out by hand from its manual', () => {
  it('every shipped template has a case', () => {
    expect(CASES.map((c) => c.id).sort()).toEqual([...templates.keys()].sort());
  });

  it.each(CASES)('$id', ({ id, frame, values }) => {
    const t = templates.get(id)!;
    // Each register starts where the manual puts the value, with as many words as its type.
    for (const r of t.registers) {
      const row = frame.find(([fc, address]) => fc === r.functionCode && address === r.address);
      expect(row, `${r.quantity} at FC${r.functionCode} ${r.address}`).toBeDefined();
      expect(row![2], r.quantity).toHaveLength(registerCount(r.type));
    }
    const read = decodeTemplate(t, answersFor(t, frame));
    expect(read.problems).toEqual([]);
    expect(read.values).toEqual(values);
  });
});

describe('every template’s registers are consistent', () => {
  it.each([...templates.values()])('$id', (t) => {
    const spans = t.registers.flatMap((r) => [
      { what: r.quantity, fc: r.functionCode, from: r.address, to: r.address + registerCount(r.type) - 1 },
      ...(r.scaleRegister
        ? [{ what: `${r.quantity} scale`, fc: r.scaleRegister.functionCode, from: r.scaleRegister.address, to: r.scaleRegister.address }]
        : []),
    ]); // prettier-ignore
    for (const s of spans) {
      expect(s.from, s.what).toBeGreaterThanOrEqual(0);
      expect(s.to, s.what).toBeLessThanOrEqual(0xffff);
    }
    // No two values share a word: one word cannot be two types or two quantities.
    for (const a of spans) {
      for (const b of spans) {
        if (a === b || a.fc !== b.fc) continue;
        expect(a.to < b.from || b.to < a.from, `${a.what} overlaps ${b.what}`).toBe(true);
      }
    }
    // The planned reads cover every value whole, one block each, within the meter's limit.
    const blocks = planReads(t.registers, t.maxRegistersPerRead, t.maxGap);
    for (const b of blocks) {
      expect(b.count).toBeLessThanOrEqual(t.maxRegistersPerRead);
      expect(b.start + b.count - 1).toBeLessThanOrEqual(0xffff);
    }
    for (const s of spans) {
      const covering = blocks.filter(
        (b) => b.functionCode === s.fc && b.start <= s.from && s.to < b.start + b.count,
      );
      expect(covering, s.what).toHaveLength(1);
    }
    // Every phase the template claims has its voltage, current and power.
    for (let n = 1; n <= t.phases; n++) {
      for (const q of ['voltage', 'current', 'kw']) {
        expect(t.registers.map((r) => r.quantity)).toContain(`${q}_l${n}`);
      }
    }
  });
});
