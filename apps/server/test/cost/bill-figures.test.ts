import { describe, expect, it } from 'vitest';
import { foldBillFigures } from '../../src/modules/cost/calc/bill-figures.ts';

const segments = [{ from: 0 }, { from: 100 }, { from: 200 }, { from: 300 }];
const lines = ['kwhOffPeak', 'kwhHalfPeak', 'kwhSaturdayHalfPeak', null] as const;
const figure = (kwh: number, maxKw: number | null, kvarh: number | null = 1) => ({
  kwh,
  maxKw,
  kwhForward: kwh + 1,
  kvarh,
});

describe('foldBillFigures', () => {
  it("sums energy, keeps each period's highest block and the period's peak", () => {
    const folded = foldBillFigures(segments, lines, [
      figure(10, 300),
      figure(20, 520),
      undefined,
      figure(5, 600), // outside the bill's lines (no tariff): energy and the peak, no period
    ]);
    expect(folded.energy).toEqual([10, 20, 0, 5]);
    expect(folded.maxima).toEqual({
      peak: null,
      halfPeak: 520,
      saturdayHalfPeak: null,
      offPeak: 300,
    });
    expect(folded.peak).toEqual({ kw: 600, segmentStart: 300 });
    expect(folded.reactive).toEqual({ kwh: 11 + 21 + 6, kvarh: 3 });
  });

  it('has no kvarh once a segment lacks it, and no figures without rows', () => {
    const partial = foldBillFigures(segments, lines, [figure(10, 300), figure(20, null, null)]);
    expect(partial.reactive).toEqual({ kwh: 32, kvarh: null });
    expect(partial.peak).toEqual({ kw: 300, segmentStart: 0 });
    const none = foldBillFigures(segments, lines, []);
    expect(none).toEqual({
      energy: [0, 0, 0, 0],
      maxima: { peak: null, halfPeak: null, saturdayHalfPeak: null, offPeak: null },
      peak: null,
      reactive: null,
    });
  });
});
