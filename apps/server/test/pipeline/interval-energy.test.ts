import { describe, expect, it } from 'vitest';
import {
  energyByBucket,
  intervalEnergy,
  quarterHourEnd,
  quarterHourStart,
  type CounterSample,
} from '../../src/modules/rollups/energy/index.ts';

const at = (time: string) => Date.parse(`2026-05-01T${time}Z`);
const sample = (time: string, forward: number | null, reverse: number | null = null) =>
  ({ ts: at(time), forward, reverse }) satisfies CounterSample;

/** energyByBucket over UTC quarter hours, as { 'HH:MM': forward kWh }. */
function forwardByQuarter(samples: CounterSample[]): Record<string, number> {
  const result: Record<string, number> = {};
  for (const [start, energy] of energyByBucket(samples, quarterHourStart, quarterHourEnd)) {
    result[new Date(start).toISOString().slice(11, 16)] = energy.forward;
  }
  return result;
}

describe('intervalEnergy', () => {
  it('is the increase of the counter', () => {
    expect(intervalEnergy(100, 112.5)).toBe(12.5);
    expect(intervalEnergy(100, 100)).toBe(0);
  });

  it('counts a counter that went backwards as a reset: the new value, never negative', () => {
    expect(intervalEnergy(98_765.4, 3.2)).toBe(3.2);
    expect(intervalEnergy(500, 0)).toBe(0);
  });

  it('treats a step back within floating-point rounding as no energy, not a reset', () => {
    expect(intervalEnergy(12_345.678, 12_345.678 - 1e-9)).toBe(0);
  });

  it('gives 0 when either counter is missing', () => {
    expect(intervalEnergy(null, 5)).toBe(0);
    expect(intervalEnergy(5, null)).toBe(0);
    expect(intervalEnergy(null, null)).toBe(0);
  });
});

describe('energyByBucket', () => {
  it('books nothing for a node with a single (first) reading', () => {
    expect(forwardByQuarter([sample('00:05:00', 100)])).toEqual({});
  });

  it('splits an interval over the quarter hours it spans in proportion to time', () => {
    // 00:10 → 00:40 is 30 minutes, 6 kWh: 5 min, 15 min and 10 min of it per bucket.
    expect(forwardByQuarter([sample('00:10:00', 100), sample('00:40:00', 106)])).toEqual({
      '00:00': 1,
      '00:15': 3,
      '00:30': 2,
    });
  });

  it('books a reading exactly on a boundary to the bucket that ends there', () => {
    expect(forwardByQuarter([sample('00:14:00', 10), sample('00:15:00', 11)])).toEqual({
      '00:00': 1,
    });
  });

  it('spreads a long gap evenly instead of one false demand spike', () => {
    // Two hours without readings, 8 kWh: 1 kWh in each of the 8 quarter hours.
    const buckets = forwardByQuarter([sample('00:00:00', 0), sample('02:00:00', 8)]);
    expect(Object.values(buckets)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('keeps the total exact when the shares do not divide evenly', () => {
    const total = 10 / 3;
    const samples = [sample('00:07:00', 0), sample('00:52:00', total)];
    const sum = Object.values(forwardByQuarter(samples)).reduce((a, b) => a + b, 0);
    expect(sum).toBe(total);
  });

  it('adds interval energies that share a bucket', () => {
    expect(
      forwardByQuarter([sample('00:00:00', 0), sample('00:05:00', 2), sample('00:10:00', 3.5)]),
    ).toEqual({ '00:00': 3.5 });
  });

  it('counts from the new value after a reset', () => {
    expect(
      forwardByQuarter([sample('00:00:00', 900), sample('00:05:00', 910), sample('00:10:00', 4)]),
    ).toEqual({ '00:00': 14 });
  });

  it('bridges a reading without a counter: the energy between its neighbours is kept', () => {
    // 00:00 → 00:30 with a counter-less reading at 00:10: 6 kWh over 30 minutes.
    expect(
      forwardByQuarter([sample('00:00:00', 0), sample('00:10:00', null), sample('00:30:00', 6)]),
    ).toEqual({ '00:00': 3, '00:15': 3 });
  });

  it('follows the reverse counter on its own (solar export)', () => {
    const result = energyByBucket(
      [sample('00:00:00', 10, 50), sample('00:15:00', 10, 52.5)],
      quarterHourStart,
      quarterHourEnd,
    );
    expect([...result.values()]).toEqual([{ forward: 0, reverse: 2.5, kvarh: null }]);
  });

  it('follows a kvarh counter by the same rule, and leaves a bucket without one null', () => {
    const kvarh = (time: string, value: number | null) => ({ ...sample(time, 10), kvarh: value });
    const buckets = energyByBucket(
      // kvarh from 00:15 on only; 40 → 39.99 is noise; 39.99 → 42 books 2 from the high 40.
      [
        sample('00:00:00', 0),
        kvarh('00:15:00', 40),
        kvarh('00:30:00', 39.99),
        kvarh('00:45:00', 42),
      ],
      quarterHourStart,
      quarterHourEnd,
    );
    expect([...buckets.values()].map((b) => b.kvarh)).toEqual([null, 0, 2]);
  });

  it('ignores a second sample at the same instant', () => {
    expect(
      forwardByQuarter([sample('00:00:00', 0), sample('00:00:00', 99), sample('00:10:00', 1)]),
    ).toEqual({ '00:00': 1 });
  });

  it('keeps a bucket with zero energy when the meter measured nothing', () => {
    expect(forwardByQuarter([sample('00:00:00', 5), sample('00:15:00', 5)])).toEqual({
      '00:00': 0,
    });
  });
});
