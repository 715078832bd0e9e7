import { describe, expect, it } from 'vitest';
import { monthsBegun, scope2Figures } from '../../src/modules/carbon-report/calc/scope2.ts';

describe('monthsBegun', () => {
  it('is every month of a past year, the begun ones of this year, none of a later year', () => {
    expect(monthsBegun(2025, '2026-11-29')).toHaveLength(12);
    expect(monthsBegun(2026, '2026-03-01')).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(monthsBegun(2027, '2026-11-29')).toEqual([]);
  });
});

describe('scope2Figures', () => {
  const point = (nodeId: number, entries: [string, number][]) => ({
    nodeId,
    chName: `點${nodeId}`,
    name: `P${nodeId}`,
    accountNumber: `0${nodeId}`,
    byMonth: new Map(entries),
  });
  const figures = scope2Figures({
    months: ['2025-01', '2025-02'],
    kgPerKwh: 0.494,
    certificateKwh: 1000,
    points: [
      point(1, [
        ['2025-01', 1000],
        ['2025-02', 2000],
      ]),
      // A second supply with a month of net export (solar) and one without data.
      point(2, [['2025-01', -100]]),
    ],
  });

  it('gives each point its months and total in kWh and tonnes', () => {
    expect(figures.points[0]).toMatchObject({
      accountNumber: '01',
      months: [
        { month: '2025-01', kwh: 1000, tco2e: 0.494 },
        { month: '2025-02', kwh: 2000, tco2e: 0.988 },
      ],
      kwh: 3000,
      tco2e: 1.482,
    });
    expect(figures.points[1]!.months[1]).toEqual({ month: '2025-02', kwh: 0, tco2e: 0 });
  });

  it('sums the points per month for the factory', () => {
    expect(figures.months).toEqual([
      { month: '2025-01', kwh: 900, tco2e: 0.4446 },
      { month: '2025-02', kwh: 2000, tco2e: 0.988 },
    ]);
    expect(figures).toMatchObject({ kwh: 2900, tco2e: 1.4326 });
  });

  it('counts certificates as zero-emission energy in the market-based figure, never below 0', () => {
    // 2900 kWh drawn, 1000 covered: 1900 kWh × 0.494 = 0.9386 t.
    expect(figures.marketBased).toEqual({ kwh: 1900, tco2e: 0.9386 });
    const covered = scope2Figures({
      months: ['2025-01'],
      kgPerKwh: 0.5,
      certificateKwh: 5000,
      points: [point(1, [['2025-01', 1000]])],
    });
    expect(covered.marketBased).toEqual({ kwh: 0, tco2e: 0 });
  });

  it('prices the tonnes at each carbon-fee rate', () => {
    // 2900 kWh × 0.494 kg = 1.4326 t: × 300 = 429.78, × 100 = 143.26, × 50 = 71.63.
    expect(figures.carbonFee).toEqual([
      { ntdPerTonne: 300, ntd: 429.78 },
      { ntdPerTonne: 100, ntd: 143.26 },
      { ntdPerTonne: 50, ntd: 71.63 },
    ]);
  });

  it('is all zeros for a year with no months begun', () => {
    const empty = scope2Figures({
      months: [],
      kgPerKwh: 0.5,
      certificateKwh: 0,
      points: [point(1, [])],
    });
    expect(empty).toMatchObject({ months: [], kwh: 0, tco2e: 0 });
    expect(empty.carbonFee.map((fee) => fee.ntd)).toEqual([0, 0, 0]);
  });
});
