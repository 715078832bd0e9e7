import { describe, expect, it } from 'vitest';
import { ZoneClock } from '@wattboard/zone-time';
import {
  co2Rates,
  factorForYear,
  splitAtNewYears,
  yearOfDate,
} from '../../src/modules/carbon/calc/emission-factors.ts';
import { combineTotals } from '../../src/modules/carbon/calc/combine-totals.ts';
import { PUBLISHED_FACTORS } from '../../src/modules/carbon/published-factors.ts';

const factors = [
  { year: 2022, kgPerKwh: 0.495 },
  { year: 2023, kgPerKwh: 0.494 },
  { year: 2025, kgPerKwh: 0.45 },
];

describe('factorForYear', () => {
  it("uses the year's own entry", () => {
    expect(factorForYear(factors, 2023)).toEqual({ kgPerKwh: 0.494, fromYear: 2023 });
  });
  it('uses the latest earlier entry for a year not yet published (provisional)', () => {
    expect(factorForYear(factors, 2024)).toEqual({ kgPerKwh: 0.494, fromYear: 2023 });
    expect(factorForYear(factors, 2026)).toEqual({ kgPerKwh: 0.45, fromYear: 2025 });
  });
  it('uses the earliest entry for a year before every entry', () => {
    expect(factorForYear(factors, 2010)).toEqual({ kgPerKwh: 0.495, fromYear: 2022 });
  });
  it('does not depend on the order of the entries, and is null without any', () => {
    expect(factorForYear([...factors].reverse(), 2024)).toEqual({
      kgPerKwh: 0.494,
      fromYear: 2023,
    });
    expect(factorForYear([], 2024)).toBeNull();
  });
  it('takes a factor of 0 as a real entry (all green supply), not as missing', () => {
    expect(factorForYear([{ year: 2026, kgPerKwh: 0 }], 2027)).toEqual({
      kgPerKwh: 0,
      fromYear: 2026,
    });
  });
});

describe('co2Rates', () => {
  const taipei = new ZoneClock('Asia/Taipei');
  const rates = co2Rates(factors, taipei, 9);
  it("prices an instant at its local year's factor: Taipei's New Year is 16:00 UTC", () => {
    expect(rates.at(Date.parse('2025-12-31T15:59:59Z'))).toBe(0.45);
    expect(rates.at(Date.parse('2022-12-31T16:00:00Z'))).toBe(0.494);
    expect(rates.ofDate('2022-12-31')).toBe(0.495);
    expect(rates.ofYear(2030)).toBe(0.45);
  });
  it('falls back to the single factor only when there are no entries', () => {
    expect(co2Rates([], taipei, 0.474).ofDate('2026-01-01')).toBe(0.474);
  });
  it('reads the year of a civil date', () => {
    expect(yearOfDate('2026-11-29')).toBe(2026);
  });
});

describe('splitAtNewYears', () => {
  const taipei = new ZoneClock('Asia/Taipei');
  const newYear2026 = Date.parse('2025-12-31T16:00:00Z');
  it('keeps a range inside one year whole', () => {
    const range = {
      from: Date.parse('2026-03-01T00:00:00Z'),
      to: Date.parse('2026-04-01T00:00:00Z'),
    };
    expect(splitAtNewYears(range, taipei)).toEqual([{ ...range, year: 2026 }]);
  });
  it('cuts at local midnight of 1 January', () => {
    const range = { from: newYear2026 - 86_400_000, to: newYear2026 + 86_400_000 };
    expect(splitAtNewYears(range, taipei)).toEqual([
      { from: range.from, to: newYear2026, year: 2025 },
      { from: newYear2026, to: range.to, year: 2026 },
    ]);
  });
  it('makes one part per year of a long range, and none of an empty one', () => {
    const range = {
      from: Date.parse('2023-06-01T00:00:00Z'),
      to: Date.parse('2026-02-01T00:00:00Z'),
    };
    expect(splitAtNewYears(range, taipei).map((part) => part.year)).toEqual([
      2023, 2024, 2025, 2026,
    ]);
    expect(splitAtNewYears({ from: newYear2026, to: newYear2026 }, taipei)).toEqual([]);
  });
});

describe('combineTotals', () => {
  const totals = (
    forward: number,
    reverse: number,
    kvarh: number | null,
    maxKw: number | null,
  ) => ({
    forward,
    reverse,
    kvarhLagging: kvarh,
    maxDemandKw: maxKw,
  });
  it('adds energy and CO2 of each year at its factor, keeps the highest demand', () => {
    const combined = combineTotals([
      { rate: 0.5, totals: new Map([[1, totals(10, 2, 3, 40)]]) },
      { rate: 0.4, totals: new Map([[1, totals(20, 0, 4, 55)]]) },
    ]);
    expect(combined.get(1)).toEqual({ ...totals(30, 2, 7, 55), co2: 8 * 0.5 + 20 * 0.4 });
  });
  it('leaves kvarh unknown when a part does not know it', () => {
    const combined = combineTotals([
      { rate: 1, totals: new Map([[1, totals(1, 0, 3, null)]]) },
      { rate: 1, totals: new Map([[1, totals(1, 0, null, null)]]) },
    ]);
    expect(combined.get(1)!.kvarhLagging).toBeNull();
  });
  it('takes a node that only has buckets in a later part as it is', () => {
    const combined = combineTotals([
      { rate: 0.5, totals: new Map() },
      { rate: 0.4, totals: new Map([[2, totals(10, 0, 1, 5)]]) },
    ]);
    expect(combined.get(2)).toEqual({ ...totals(10, 0, 1, 5), co2: 4 });
  });
});

describe('the published factors', () => {
  it('are one per year, each with its source, within the range a person may enter', () => {
    const years = PUBLISHED_FACTORS.map((entry) => entry.year);
    expect(new Set(years).size).toBe(years.length);
    for (const entry of PUBLISHED_FACTORS) {
      expect(entry.source.length).toBeGreaterThan(10);
      // Every shipped text in both languages: the Chinese one is Chinese.
      expect(entry.sourceZh).toMatch(/[\u4e00-\u9fff]{4}/);
      expect(entry.kgPerKwh).toBeGreaterThan(0.3);
      expect(entry.kgPerKwh).toBeLessThan(0.7);
    }
  });
});
