import { describe, expect, it } from 'vitest';
import { nullableNumeric, numeric, numericId, toNumber } from './numeric.ts';

describe('toNumber: a number or a numeric string', () => {
  it.each([
    [42, 42],
    [-3.5, -3.5],
    [0, 0],
    [Infinity, Infinity],
    ['12', 12],
    ['  12.5  ', 12.5],
    ['-7', -7],
    ['+7', 7],
    ['.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    ['2.5E-2', 0.025],
    ['Infinity', Infinity],
    ['-Infinity', -Infinity],
    [' Infinity ', Infinity],
  ])('%j -> %d', (input, expected) => {
    expect(toNumber(input)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['12abc'],
    ['abc'],
    ['0x10'],
    ['0b11'],
    ['1,000'],
    ['1e'],
    ['--1'],
    ['infinity'],
    ['NaN'],
    [NaN],
    [null],
    [undefined],
    [{}],
    [[1]],
    [true],
  ])('unparsable %j -> 0', (input) => {
    expect(toNumber(input)).toBe(0);
  });
});

describe('numeric schemas', () => {
  it('turn numeric strings into numbers', () => {
    expect(numeric.parse('3.25')).toBe(3.25);
    expect(numeric.parse('-Infinity')).toBe(-Infinity);
    expect(numeric.parse('garbage')).toBe(0);
  });

  it('reject values that are neither number nor string', () => {
    expect(numeric.safeParse(null).success).toBe(false);
    expect(numeric.safeParse(true).success).toBe(false);
    expect(numeric.safeParse(undefined).success).toBe(false);
  });

  it('keep null as null where a number may be missing', () => {
    expect(nullableNumeric.parse(null)).toBeNull();
    expect(nullableNumeric.parse('8')).toBe(8);
  });

  it('accept only whole non-negative ids', () => {
    expect(numericId.parse('12')).toBe(12);
    expect(numericId.safeParse(-1).success).toBe(false);
    expect(numericId.safeParse('1.5').success).toBe(false);
    expect(numericId.safeParse('Infinity').success).toBe(false);
  });
});
