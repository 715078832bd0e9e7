import { describe, expect, it } from 'vitest';
import {
  DecodeError,
  decodeRegisters,
  type RegisterFormat,
  type RegisterType,
} from '../src/decode/registers.ts';
import { applyScale, convertUnit } from '../src/decode/scale.ts';
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
    expect(applyScale(2305, 0.1)).toBeCloseTo(230.5, 12);
    expect(applyScale(2305, 1, -1)).toBe(230.5);
    expect(applyScale(-15, 1, 2)).toBe(-1500);
    expect(applyScale(7, 2, 0)).toBe(14);
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
