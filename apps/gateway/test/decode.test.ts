import { describe, expect, it } from 'vitest';
import {
  DecodeError,
  decodeRegisters,
  type RegisterFormat,
  type RegisterType,
} from '../src/decode/registers.ts';
import { applyScale, convertUnit, decimalParts, toServerUnit } from '../src/decode/scale.ts';
import { encodeRegisters } from './helpers/encode.ts';

const f = (type: RegisterType, wordOrder: 'big' | 'little' = 'big', byteSwap = false) =>
  ({ type, wordOrder, byteSwap }) satisfies RegisterFormat;

describe('decodeRegisters, from hand-written words', () => {
  it('reads 16-bit values signed and unsigned', () => {
    expect(decodeRegisters([0xfffe], f('int16'))).toBe(-2);
    expect(decodeRegisters([0xfffe], f('uint16'))).toBe(65534);
    expect(decodeRegisters([0x8000], f('int16'))).toBe(-32768);
    expect(decodeRegisters([0x0102], f('uint16', 'big', true))).toBe(0x0201);
  });

  it('reads float32 230.0 V (0x4366 0000) in all four orders', () => {
    expect(decodeRegisters([0x4366, 0x0000], f('float32'))).toBe(230);
    expect(decodeRegisters([0x0000, 0x4366], f('float32', 'little'))).toBe(230);
    expect(decodeRegisters([0x6643, 0x0000], f('float32', 'big', true))).toBe(230);
    expect(decodeRegisters([0x0000, 0x6643], f('float32', 'little', true))).toBe(230);
    expect(decodeRegisters([0xbf80, 0x0000], f('float32'))).toBe(-1);
  });

  it('reads 32-bit integers, negative included', () => {
    expect(decodeRegisters([0x0001, 0x0000], f('uint32'))).toBe(65536);
    expect(decodeRegisters([0x0000, 0x0001], f('uint32', 'little'))).toBe(65536);
    expect(decodeRegisters([0xffff, 0xfff6], f('int32'))).toBe(-10);
    expect(decodeRegisters([0xffff, 0xffff], f('uint32'))).toBe(4294967295);
  });

  it('reads 64-bit integers up to 2^53 - 1 exactly', () => {
    expect(decodeRegisters([0, 0, 0x0012, 0xd687], f('int64'))).toBe(1234567);
    expect(decodeRegisters([0x001f, 0xffff, 0xffff, 0xffff], f('uint64'))).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    expect(decodeRegisters([0xffff, 0xffff, 0xffff, 0xfffe], f('int64'))).toBe(-2);
    expect(decodeRegisters([0xd687, 0x0012, 0, 0], f('int64', 'little'))).toBe(1234567);
  });

  it('refuses 64-bit values beyond 2^53 rather than rounding them', () => {
    expect(() => decodeRegisters([0x0020, 0, 0, 0], f('uint64'))).toThrow(/beyond 2\^53/);
    expect(() => decodeRegisters([0xffff, 0xffff, 0xffff, 0xffff], f('uint64'))).toThrow(
      DecodeError,
    );
    expect(() => decodeRegisters([0x8000, 0, 0, 0], f('int64'))).toThrow(/beyond 2\^53/);
  });

  it('refuses float32 NaN and infinity patterns', () => {
    expect(() => decodeRegisters([0x7fc0, 0x0000], f('float32'))).toThrow(/NaN/);
    expect(() => decodeRegisters([0xffff, 0xffff], f('float32'))).toThrow(/NaN/);
    expect(() => decodeRegisters([0x7f80, 0x0000], f('float32'))).toThrow(/Infinity/);
  });

  it('refuses the wrong number of registers and non-words', () => {
    expect(() => decodeRegisters([1], f('float32'))).toThrow(/needs 2/);
    expect(() => decodeRegisters([0x10000], f('uint16'))).toThrow(/16-bit/);
  });
});

describe('encode and decode agree for every type and order', () => {
  const cases: [RegisterType, number][] = [
    ['int16', -12345],
    ['uint16', 54321],
    ['int32', -123456789],
    ['uint32', 3123456789],
    ['float32', -0.875],
    ['int64', -9007199254740991],
    ['uint64', 9007199254740991],
  ];
  for (const [type, value] of cases) {
    for (const wordOrder of ['big', 'little'] as const) {
      for (const byteSwap of [false, true]) {
        it(`${type} ${wordOrder} swap=${byteSwap}`, () => {
          const format = f(type, wordOrder, byteSwap);
          expect(decodeRegisters(encodeRegisters(value, format), format)).toBe(value);
        });
      }
    }
  }
});

describe('scale and units', () => {
  it('multiplies, and applies a power-of-ten scale register', () => {
    expect(applyScale(2305, 0.1)).toBe(230.5);
    expect(applyScale(2305, 1, -1)).toBe(230.5);
    expect(applyScale(-15, 1, 2)).toBe(-1500);
    expect(applyScale(7, 2, 0)).toBe(14);
  });

  it('gives the exact decimal for decimal multipliers (2306 × 0.1 is 230.6, not 230.60000000000002)', () => {
    expect(2306 * 0.1).toBe(230.60000000000002); // the float error this guards against
    expect(applyScale(2306, 0.1)).toBe(230.6);
    expect(applyScale(2305, 0.1)).toBe(230.5);
    expect(applyScale(1025, 0.01)).toBe(10.25);
    expect(applyScale(7, 0.1)).toBe(0.7); // 7 × 0.1 is 0.7000000000000001
    expect(applyScale(3, 0.1)).toBe(0.3); // 3 × 0.1 is 0.30000000000000004
    expect(applyScale(57, 0.01)).toBe(0.57); // 57 × 0.01 is 0.5700000000000001
    expect(applyScale(875, 0.001)).toBe(0.875);
    expect(applyScale(1001, 0.001)).toBe(1.001);
    expect(applyScale(9876543250, 0.01)).toBe(98765432.5);
    expect(applyScale(12, 10)).toBe(120);
    expect(applyScale(5, 1000)).toBe(5000);
    expect(applyScale(4, 0.25)).toBe(1);
    expect(applyScale(2305, 1)).toBe(2305);
    expect(applyScale(0, 0.1)).toBe(0);
  });

  it('keeps the sign of a negative raw value', () => {
    expect(applyScale(-2305, 0.1)).toBe(-230.5);
    expect(applyScale(-3, 0.1)).toBe(-0.3);
    expect(applyScale(-150, 0.01)).toBe(-1.5);
    expect(applyScale(-875, 0.001)).toBe(-0.875);
    expect(applyScale(-15, 10)).toBe(-150);
  });

  it('passes a float32 value through without rounding it to decimals', () => {
    const f32 = Math.fround(230.123456); // 230.1234588623047
    expect(applyScale(f32, 1)).toBe(f32);
    expect(applyScale(Math.fround(0.1), 1)).toBe(Math.fround(0.1));
    expect(applyScale(f32, 10)).toBe(f32 * 10);
    expect(applyScale(f32, 0.1)).toBe(f32 / 10);
    expect(toServerUnit(f32, 1, undefined, 'V')).toBe(f32);
    expect(toServerUnit(Math.fround(1234.567), 1, undefined, 'W')).toBe(
      Math.fround(1234.567) / 1000,
    );
  });

  it('combines a scale register with a multiplier exactly', () => {
    expect(applyScale(2305, 1, -1)).toBe(230.5);
    expect(applyScale(3, 1, -1)).toBe(0.3);
    expect(applyScale(2305, 0.1, -1)).toBe(23.05);
    expect(applyScale(-29, 1, -2)).toBe(-0.29);
    expect(applyScale(3, 0.1, 1)).toBe(3);
    expect(applyScale(7, 10, 3)).toBe(70000);
    expect(applyScale(12345, 1, -10)).toBe(0.0000012345);
  });

  it('applies multiplier, scale register and unit with one rounding', () => {
    expect(toServerUnit(2305, 0.01, undefined, 'W')).toBe(0.02305);
    expect(toServerUnit(125156, 0.01, undefined, 'W')).toBe(1.25156);
    expect(toServerUnit(-150, 1, undefined, 'W')).toBe(-0.15);
    expect(toServerUnit(9876543250, 0.01, undefined, 'kWh')).toBe(98765432.5);
    expect(toServerUnit(1234567, 1, undefined, 'Wh')).toBe(1234.567);
    expect(toServerUnit(15, 0.1, undefined, 'MWh')).toBe(1500);
    expect(toServerUnit(3, 1, -1, 'kW')).toBe(0.3);
    expect(toServerUnit(2305, 1, 1, 'W')).toBe(23.05);
    expect(() => toServerUnit(1, 1, -32768, 'W')).toThrow(/not implemented/);
  });

  it('reads a multiplier as an integer and a power of ten', () => {
    expect(decimalParts(0.1)).toEqual({ integer: 1, exponent: -1 });
    expect(decimalParts(0.25)).toEqual({ integer: 25, exponent: -2 });
    expect(decimalParts(1000)).toEqual({ integer: 1000, exponent: 0 });
    expect(decimalParts(1.5e-7)).toEqual({ integer: 15, exponent: -8 });
    expect(decimalParts(1e21)).toEqual({ integer: 1, exponent: 21 });
    // 1/3 has no short decimal form: it is multiplied as a plain double.
    expect(decimalParts(1 / 3)).toEqual({ integer: 3333333333333333, exponent: -16 });
    expect(applyScale(3, 1 / 3)).toBeCloseTo(1, 12);
  });

  it('refuses a SunSpec "not implemented" scale and absurd exponents', () => {
    expect(() => applyScale(1, 1, -32768)).toThrow(/not implemented/);
    expect(() => applyScale(1, 1, 11)).toThrow(/power of ten/);
  });

  it('converts to the server units', () => {
    expect(convertUnit(1234567, 'Wh')).toBe(1234.567);
    expect(convertUnit(9876, 'varh')).toBe(9.876);
    expect(convertUnit(-2500, 'W')).toBe(-2.5);
    expect(convertUnit(1.5, 'MWh')).toBe(1500);
    expect(convertUnit(230.1, 'V')).toBe(230.1);
  });
});
