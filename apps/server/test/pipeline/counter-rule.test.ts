import { describe, expect, it } from 'vitest';
import {
  RESET_FRACTION,
  counterHighs,
  counterStep,
  energyByBucket,
  quarterHourEnd,
  quarterHourStart,
  type CounterSample,
} from '../../src/modules/rollups/energy/index.ts';

const at = (time: string) => Date.parse(`2026-05-01T${time}Z`);
const sample = (time: string, forward: number | null, forwardHigh?: number | null) =>
  ({ ts: at(time), forward, reverse: null, forwardHigh }) satisfies CounterSample;
const totalForward = (samples: CounterSample[]) =>
  [...energyByBucket(samples, quarterHourStart, quarterHourEnd).values()].reduce(
    (sum, e) => sum + e.forward,
    0,
  );

describe('counterStep (the reset rule)', () => {
  it('adds the increase over the high and moves the high up', () => {
    expect(counterStep(100, 105)).toEqual({ energy: 5, high: 105 });
    expect(counterStep(100, 100)).toEqual({ energy: 0, high: 100 });
  });

  it('books a small step back as noise: no energy, the high stays', () => {
    expect(counterStep(12_364.6, 12_364.59)).toEqual({ energy: 0, high: 12_364.6 });
    expect(counterStep(105, 104.99)).toEqual({ energy: 0, high: 105 });
  });

  it('books a drop to below half of the high as a real reset, counted from the new value', () => {
    expect(counterStep(99_999.8, 0.3)).toEqual({ energy: 0.3, high: 0.3 });
    expect(counterStep(12_000, 3_000)).toEqual({ energy: 3_000, high: 3_000 });
    expect(counterStep(500, 0)).toEqual({ energy: 0, high: 0 });
  });

  it('draws the line at exactly RESET_FRACTION of the high', () => {
    expect(counterStep(1000, 1000 * RESET_FRACTION)).toEqual({ energy: 0, high: 1000 });
    expect(counterStep(1000, 1000 * RESET_FRACTION - 0.001).high).toBe(499.999);
  });

  it('never books negative energy, even for a negative counter after a reset', () => {
    expect(counterStep(50, -1).energy).toBe(0);
  });
});

describe('counter chains over samples', () => {
  it('continues from the highest value seen: 100, 105, 104.99, 105.5 is 5.5 kWh', () => {
    const samples = [
      sample('00:00:00', 100),
      sample('00:05:00', 105),
      sample('00:10:00', 104.99),
      sample('00:20:00', 105.5),
    ];
    expect(totalForward(samples)).toBeCloseTo(5.5, 12);
    expect(counterHighs(samples).map((h) => h.forward)).toEqual([null, null, 105, null]);
  });

  it('starts from the first sample’s stored high (the state carried in)', () => {
    // 104.99 was stored with high 105: the next 0.51 kWh is only 0.5 from the high.
    expect(totalForward([sample('00:10:00', 104.99, 105), sample('00:20:00', 105.5)])).toBeCloseTo(
      0.5,
      12,
    );
    expect(totalForward([sample('00:10:00', 104.99), sample('00:20:00', 105.5)])).toBeCloseTo(
      0.51,
      12,
    );
  });

  it('keeps the high through a run of small steps back until the counter passes it', () => {
    const samples = [
      sample('00:00:00', 200),
      sample('00:01:00', 199.9),
      sample('00:02:00', 199.95),
      sample('00:03:00', 200.2),
    ];
    expect(totalForward(samples)).toBeCloseTo(0.2, 12);
    expect(counterHighs(samples).map((h) => h.forward)).toEqual([null, 200, 200, null]);
  });

  it('restarts the high at a real reset', () => {
    const samples = [sample('00:00:00', 900), sample('00:05:00', 4), sample('00:10:00', 3.9)];
    expect(totalForward(samples)).toBe(4);
    expect(counterHighs(samples).map((h) => h.forward)).toEqual([null, null, 4]);
  });

  it('leaves the high of a sample without a counter null and bridges over it', () => {
    const samples = [sample('00:00:00', 10), sample('00:05:00', null), sample('00:10:00', 9.99)];
    expect(totalForward(samples)).toBe(0);
    expect(counterHighs(samples).map((h) => h.forward)).toEqual([null, null, 10]);
  });
});
