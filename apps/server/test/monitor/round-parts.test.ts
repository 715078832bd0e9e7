import { describe, expect, it } from 'vitest';
import { roundMeasure, roundPartsToTotal } from '../../src/modules/monitor/calc/rounding.ts';

const sum = (values: readonly (number | null)[]) =>
  roundMeasure(values.reduce<number>((total, value) => total + (value ?? 0), 0));

describe('roundPartsToTotal', () => {
  it('makes 864 bars add up to the total where rounding each would drift', () => {
    const bars = Array.from({ length: 864 }, (_, i) => 0.04625 + (i % 3) * 0.00001);
    const eachRounded = bars.map(roundMeasure);
    const total = roundMeasure(bars.reduce((a, b) => a + b, 0));
    expect(Math.abs(sum(eachRounded) - total)).toBeGreaterThan(0.01);
    const rounded = roundPartsToTotal(bars);
    expect(sum(rounded)).toBe(total);
    rounded.forEach((value, i) => expect(Math.abs(value! - bars[i]!)).toBeLessThan(0.0001));
  });

  it('keeps nulls, handles negative parts (export) and never answers -0', () => {
    const rounded = roundPartsToTotal([0.33333, null, -0.16667, -0.00001, 0.33333]);
    expect(rounded[1]).toBeNull();
    expect(Object.is(rounded[3], -0)).toBe(false);
    expect(sum(rounded)).toBe(roundMeasure(0.33333 - 0.16667 - 0.00001 + 0.33333));
  });

  it('leaves parts that are already exact alone', () => {
    expect(roundPartsToTotal([1, 0.25, 0.3, 12.5])).toEqual([1, 0.25, 0.3, 12.5]);
    expect(roundPartsToTotal([])).toEqual([]);
  });
});
