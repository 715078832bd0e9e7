import type { EnergyChart } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import {
  alignPowerDetail,
  fittingResolution,
  hasChartData,
  highestValue,
  resolutionFits,
  supportedResolution,
} from './power-detail';

const p = (time: string, value: number | null) => ({ time, value });
const T1 = '2026-11-21T08:00:00+08:00';
const T2 = '2026-11-21T08:15:00+08:00';
const T3 = '2026-11-21T08:30:00+08:00';

function chart(overrides: Partial<EnergyChart> = {}): EnergyChart {
  return {
    useKwh: { value: 30, co2: 14.22 },
    maxKwh: 12,
    peakKwh: 4,
    peakKw: 16,
    hasReverseKWH: false,
    kwhChart: [p(T1, 8), p(T2, 12), p(T3, 10)],
    avgKwChart: [p(T1, 32), p(T2, 48), p(T3, 40)],
    maxKwChart: [p(T1, 35), p(T3, 51)],
    ...overrides,
  };
}

describe('alignPowerDetail', () => {
  it('puts every series on one time axis; a missing bucket is a gap, not a shift', () => {
    const series = alignPowerDetail(chart());
    expect(series.times).toEqual([T1, T2, T3]);
    expect(series.bars).toEqual([{ key: 'kwh', values: [8, 12, 10] }]);
    expect(series.lines[1]).toEqual({ key: 'maxKw', values: [35, null, 51] });
  });

  it('orders the axis by time even when the server lists buckets out of order', () => {
    const series = alignPowerDetail(
      chart({ kwhChart: [p(T3, 1), p(T1, 2)], avgKwChart: [], maxKwChart: [] }),
    );
    expect(series.times).toEqual([T1, T3]);
    expect(series.bars[0]?.values).toEqual([2, 1]);
  });

  it('shows consumed and fed-back energy when the node has reverse energy', () => {
    const series = alignPowerDetail(
      chart({ hasReverseKWH: true, powerUsage_P: [p(T1, 3)], powerUsage_R: [p(T1, 5)] }),
    );
    expect(series.bars.map((b) => b.key)).toEqual(['positive', 'reverse']);
    expect(series.bars[1]?.values[0]).toBe(5);
  });

  it('falls back to the kWh bars when reverse series are absent', () => {
    expect(alignPowerDetail(chart({ hasReverseKWH: true })).bars.map((b) => b.key)).toEqual([
      'kwh',
    ]);
  });

  it('knows when there is nothing to draw', () => {
    const empty = chart({ kwhChart: [p(T1, null)], avgKwChart: [], maxKwChart: [] });
    expect(hasChartData(alignPowerDetail(empty))).toBe(false);
    expect(hasChartData(alignPowerDetail(chart()))).toBe(true);
  });
});

describe('highestValue', () => {
  it('finds the highest value, ignoring gaps', () => {
    expect(highestValue([p(T1, 3), p(T2, null), p(T3, 7)])).toBe(7);
    expect(highestValue([p(T1, -2)])).toBe(-2);
    expect(highestValue([p(T1, null)])).toBeNull();
    expect(highestValue([])).toBeNull();
  });
});

describe('supportedResolution', () => {
  it('keeps 1, 5, 15 and 60 minutes and replaces anything else with 5', () => {
    expect([1, 5, 15, 60].map(supportedResolution)).toEqual([1, 5, 15, 60]);
    expect([2, 30, 1440].map(supportedResolution)).toEqual([5, 5, 5]);
  });
});

describe('fittingResolution', () => {
  it('keeps a resolution that can chart the range', () => {
    expect(fittingResolution(1, 2)).toBe(1);
    expect(fittingResolution(5, 7)).toBe(5);
    expect(resolutionFits(15, 93)).toBe(true);
  });

  it('moves to the finest resolution that can chart a longer range', () => {
    expect(fittingResolution(1, 3)).toBe(5);
    expect(fittingResolution(5, 30)).toBe(15);
    expect(fittingResolution(1, 120)).toBe(60);
    expect(fittingResolution(60, 500)).toBe(60); // nothing fits: the server explains
  });
});
