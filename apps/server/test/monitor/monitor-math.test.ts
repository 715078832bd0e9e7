import { describe, expect, it } from 'vitest';
import { balanceLevel, tertileLevel, tertiles } from '../../src/modules/monitor/calc/levels.ts';
import {
  energyDistribution,
  type QuarterRollup,
} from '../../src/modules/monitor/calc/distribution.ts';
import { energyChart, type ChartBucket } from '../../src/modules/monitor/calc/energy-chart.ts';
import { co2Rates, flatCo2Rates } from '../../src/modules/carbon/index.ts';
import {
  bucketsFromRawSamples,
  bucketsFromRollups,
} from '../../src/modules/monitor/calc/chart-buckets.ts';
import { phaseBalance, phaseReadings } from '../../src/modules/monitor/calc/phase-readings.ts';
import { roundMeasure } from '../../src/modules/monitor/calc/rounding.ts';
import { localDaysOf, resolveTimeRange } from '../../src/modules/monitor/calc/time-range.ts';
import { ZoneClock } from '@wattboard/zone-time';

const at = (iso: string) => Date.parse(iso);
const QUARTER = 15 * 60_000;
const berlin = new ZoneClock('Europe/Berlin');
const taipei = new ZoneClock('Asia/Taipei');

describe('levels', () => {
  it('splits values into thirds, a flat load being all mid', () => {
    const cuts = tertiles([9, 1, 5, 3, 7, 2, 8, 4, 6])!;
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((value) => tertileLevel(value, cuts))).toEqual([
      'low',
      'low',
      'low',
      'mid',
      'mid',
      'mid',
      'high',
      'high',
      'high',
    ]);
    const flat = tertiles([2, 2, 2, 2])!;
    expect(tertileLevel(2, flat)).toBe('mid');
    expect(tertileLevel(0, flat)).toBe('low');
    expect(tertiles([])).toBeNull();
  });

  it('calls a phase high or low only beyond 10 % of the mean current', () => {
    expect(balanceLevel(11, 10)).toBe('mid');
    expect(balanceLevel(11.01, 10)).toBe('high');
    expect(balanceLevel(9, 10)).toBe('mid');
    expect(balanceLevel(8.99, 10)).toBe('low');
    expect(balanceLevel(0, 0)).toBe('mid');
  });
});

describe('phase readings and balance', () => {
  const latest = {
    phases: {
      ab: { voltage: 380.04, current: 12, kw: 4, pf: 0.9 },
      bc: { voltage: 379.5, current: 10, kw: 3.5, pf: null },
      ca: { voltage: 381, current: 8, kw: 3 },
    },
    kw: 10.5,
    temperature: 41.2,
  };

  it("shows the wiring's phases with the meter temperature and no invented kWh", () => {
    expect(phaseReadings('ab,bc,ca', latest)).toEqual({
      ab: { voltage: 380.04, current: 12, valueKw: 4, pf: 0.9, temperature: 41.2 },
      bc: { voltage: 379.5, current: 10, valueKw: 3.5, temperature: 41.2 },
      ca: { voltage: 381, current: 8, valueKw: 3, temperature: 41.2 },
    });
    expect(phaseReadings('l1,l2', latest)).toEqual({});
    expect(phaseReadings(null, latest)).toEqual({});
    expect(phaseReadings('a,b,c', null)).toEqual({});
  });

  it('levels three-phase currents against their mean; other wirings have none', () => {
    expect(phaseBalance('ab,bc,ca', latest)).toEqual({
      valueKw: 10.5,
      level: { ab: 'high', bc: 'mid', ca: 'low' },
    });
    expect(phaseBalance('l1,l2', latest)).toBeNull();
    expect(phaseBalance('a,b,c', latest)).toBeNull(); // its phases are missing
  });
});

describe('energy distribution', () => {
  const quarters = (from: number, to: number, kwh: (start: number) => number): QuarterRollup[] => {
    const rows: QuarterRollup[] = [];
    for (let start = from; start < to; start += QUARTER) {
      rows.push({ start, kwhForward: kwh(start), maxKw: kwh(start) * 4 + 1 });
    }
    return rows;
  };

  it('keeps 96 slots on a 23-hour day, the skipped hour empty', () => {
    const range = resolveTimeRange({ start: '2026-03-29', end: '2026-03-29' }, berlin);
    const rows = quarters(range.from, range.to, () => 1);
    expect(rows).toHaveLength(92);
    const [day] = energyDistribution(localDaysOf(range, berlin), rows, berlin, range.to);
    expect(day!.values).toHaveLength(96);
    expect(day!.values.slice(8, 12)).toEqual(
      Array(4).fill({ averageKW: null, level: null, maxKW: null, valueKWH: null }),
    );
    expect(day!.values[7]).toEqual({ averageKW: 4, level: 'mid', maxKW: 5, valueKWH: 1 });
    expect(day!.values[12]).toEqual({ averageKW: 4, level: 'mid', maxKW: 5, valueKWH: 1 });
  });

  it('folds the repeated hour of a 25-hour day into its clock slots', () => {
    const range = resolveTimeRange({ start: '2026-10-25', end: '2026-10-25' }, berlin);
    // The first 02:00–03:00 (CEST) uses 1 kWh a quarter, the repeat (CET) 3.
    const repeat = at('2026-10-25T01:00:00Z');
    const rows = quarters(range.from, range.to, (start) =>
      start >= repeat && start < repeat + 3_600_000 ? 3 : 1,
    );
    expect(rows).toHaveLength(100);
    const [day] = energyDistribution(localDaysOf(range, berlin), rows, berlin, range.to);
    expect(day!.values).toHaveLength(96);
    // Two buckets in each 02:xx slot: 4 kWh, an average of 8 kW, the higher max.
    expect(day!.values[8]).toEqual({ averageKW: 8, level: 'high', maxKW: 13, valueKWH: 4 });
    expect(day!.values[20]).toEqual({ averageKW: 4, level: 'mid', maxKW: 5, valueKWH: 1 });
    const total = day!.values.reduce((sum, value) => sum + (value.valueKWH ?? 0), 0);
    expect(total).toBe(108);
  });

  it('leaves the quarter hours that have not begun without a value or a level', () => {
    const range = resolveTimeRange({ start: '2026-11-21', end: '2026-11-21' }, berlin);
    const now = at('2026-11-21T09:20:00Z'); // 10:20 in Berlin: the 10:15 slot (41) has begun
    const rows = quarters(range.from, now, () => 1);
    const [day] = energyDistribution(localDaysOf(range, berlin), rows, berlin, now);
    expect(day!.values).toHaveLength(96);
    expect(day!.values[41]).toMatchObject({ valueKWH: 1, level: 'mid' });
    for (const value of day!.values.slice(42))
      expect(value).toEqual({ averageKW: null, level: null, maxKW: null, valueKWH: null });
    // A reading stamped ahead of the clock does not fill a future slot.
    const early = [...rows, { start: at('2026-11-21T10:00:00Z'), kwhForward: 5, maxKw: 20 }];
    const [skewed] = energyDistribution(localDaysOf(range, berlin), early, berlin, now);
    expect(skewed!.values[44]!.valueKWH).toBeNull();
  });
});

describe('energy chart', () => {
  const axis = [0, 1, 2, 3].map((i) => at('2026-11-21T00:00:00Z') + i * QUARTER);
  const bucket = (forward: number, reverse: number, maxKw: number | null): ChartBucket => ({
    kwhForward: forward,
    kwhReverse: reverse,
    avgKw: forward * 4,
    maxKw,
  });

  it('charts net energy, keeps gaps null and computes peak-to-peak over data only', () => {
    const buckets = new Map([
      [axis[0]!, bucket(2, 0, 9)],
      [axis[1]!, bucket(3, 1.5, 14)],
      [axis[3]!, bucket(0.5, 0, null)],
    ]);
    const chart = energyChart(axis, buckets, {
      clock: taipei,
      co2Rates: flatCo2Rates(0.474),
      hasReverse: true,
    });
    expect(chart.kwhChart.map((point) => point.value)).toEqual([2, 1.5, null, 0.5]);
    expect(chart.kwhChart[0]!.time).toBe('2026-11-21T08:00:00+08:00');
    expect(chart.maxKwChart.map((point) => point.value)).toEqual([9, 14, null, null]);
    expect(chart).toMatchObject({
      useKwh: { value: 4, co2: roundMeasure(4 * 0.474) },
      maxKwh: 2,
      peakKwh: 1.5,
      peakKw: 10,
      hasReverseKWH: true,
    });
    expect(chart.powerUsage_R!.map((point) => point.value)).toEqual([0, 1.5, null, 0]);
  });

  it('prices each bucket at its own local year: New Year in Taipei is 16:00 UTC', () => {
    const newYear = Date.parse('2025-12-31T16:00:00Z');
    const hours = [newYear - 3_600_000, newYear];
    const chart = energyChart(
      hours,
      new Map([
        [hours[0]!, bucket(10, 0, 10)],
        [hours[1]!, bucket(10, 0, 10)],
      ]),
      {
        clock: taipei,
        co2Rates: co2Rates(
          [
            { year: 2025, kgPerKwh: 0.5 },
            { year: 2026, kgPerKwh: 0.4 },
          ],
          taipei,
        ),
        hasReverse: false,
      },
    );
    expect(chart.useKwh).toEqual({ value: 20, co2: 9 });
  });

  it('answers an empty range with zeros and no reverse series', () => {
    const chart = energyChart(axis, new Map(), {
      clock: taipei,
      co2Rates: flatCo2Rates(1),
      hasReverse: false,
    });
    expect(chart).toMatchObject({ useKwh: { value: 0, co2: 0 }, maxKwh: 0, peakKwh: 0, peakKw: 0 });
    expect(chart.powerUsage_P).toBeUndefined();
  });
});

describe('chart buckets', () => {
  it('puts two rollup rows sharing an axis bucket together, averaging over its length', () => {
    const hour = 3_600_000;
    const buckets = bucketsFromRollups(
      [0, hour * 1.5],
      [
        { start: 0, kwhForward: 3, kwhReverse: 0, maxKw: 5 },
        { start: hour, kwhForward: 3, kwhReverse: 1, maxKw: 7 },
        { start: hour * 1.5, kwhForward: 2, kwhReverse: 0, maxKw: null },
      ],
      (start) => (start === 0 ? hour * 1.5 : hour * 2.5),
    );
    expect(buckets.get(0)).toEqual({ kwhForward: 6, kwhReverse: 1, avgKw: 4, maxKw: 7 });
    expect(buckets.get(hour * 1.5)).toEqual({
      kwhForward: 2,
      kwhReverse: 0,
      avgKw: 2,
      maxKw: null,
    });
  });

  it('spreads raw counter steps over 5-minute buckets and sums a virtual node', () => {
    const t0 = at('2026-11-21T00:00:00Z');
    const samples = (start: number, step: number) =>
      [0, 1, 2].map((i) => ({
        ts: t0 + i * QUARTER,
        kw: 10 + i,
        forward: start + i * step,
        reverse: 0,
      }));
    const members = new Map([
      [1, samples(100, 3)],
      [2, samples(50, 1.5)],
    ]);
    const range = { from: t0, to: t0 + 2 * QUARTER };
    const virtual = bucketsFromRawSamples(members, range, 5 * 60_000, true);
    expect(virtual.size).toBe(6);
    // (3 + 1.5) kWh per quarter hour, a third per 5 minutes: 1.5 kWh, 18 kW.
    expect(virtual.get(t0)).toEqual({ kwhForward: 1.5, kwhReverse: 0, avgKw: 18, maxKw: 18 });
    const single = bucketsFromRawSamples(new Map([[1, samples(100, 3)]]), range, 5 * 60_000, false);
    expect(single.get(t0)).toEqual({ kwhForward: 1, kwhReverse: 0, avgKw: 12, maxKw: 10 });
    expect(single.get(t0 + 5 * 60_000)!.maxKw).toBeNull();
  });
});
