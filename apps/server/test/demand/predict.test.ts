import { describe, expect, it } from 'vitest';
import {
  predictBlock,
  predictMember,
  RECENT_WINDOW_MS,
  recentRate,
  withoutShedLoads,
  type CounterPoint,
} from '../../src/modules/demand/calc/predict.ts';

const MIN = 60_000;
const block = Date.UTC(2026, 6, 15, 6, 0); // 14:00 Taipei, a quarter hour
/** Minute readings of a constant load from 15 minutes before the block up to `until`. */
function steady(kw: number, untilMinute: number, startKwh = 1000): CounterPoint[] {
  const points: CounterPoint[] = [];
  for (let m = -15; m <= untilMinute; m += 1) {
    points.push({ ts: block + m * MIN, kwh: startKwh + (kw * (m + 15)) / 60 });
  }
  return points;
}

describe('predictMember', () => {
  it('a steady load predicts its own kW at any minute of the block', () => {
    for (const minute of [1, 5, 10, 14]) {
      const p = predictBlock([steady(400, minute)], block + minute * MIN + 5_000);
      expect(p?.predictedKw).toBeCloseTo(400, 6);
      expect(p?.energySoFarKwh).toBeCloseTo((400 * minute) / 60, 6);
    }
  });

  it('a load that steps up mid-block: energy so far plus the new rate for the rest', () => {
    // 300 kW for the first 6 minutes, then 600 kW; the last 3 minutes' rate is 600 kW.
    const points = steady(300, 6);
    let kwh = points.at(-1)!.kwh;
    for (let m = 7; m <= 10; m += 1) {
      kwh += 600 / 60;
      points.push({ ts: block + m * MIN, kwh });
    }
    const p = predictMember(points, block, block + 10 * MIN, 3 * MIN);
    // 6 min × 300 + 4 min × 600 so far = 30 + 40 kWh; 5 min × 600 = 50 kWh more.
    expect(p?.energySoFarKwh).toBeCloseTo(70, 6);
    expect(p?.recentKw).toBeCloseTo(600, 6);
    expect(p?.blockKwh).toBeCloseTo(120, 6);
  });

  it('a missed reading loses no energy: the next reading carries it', () => {
    const points = steady(240, 8).filter((p) => p.ts !== block + 7 * MIN);
    const p = predictBlock([points], block + 8 * MIN);
    expect(p?.predictedKw).toBeCloseTo(240, 6);
  });

  it('a 5-minute gateway still gets a rate from the widest span it has', () => {
    const points = steady(120, 10).filter((p) => (p.ts - block) % (5 * MIN) === 0);
    const p = predictMember(points, block, block + 12 * MIN);
    expect(p?.recentKw).toBeCloseTo(120, 6);
    expect(p?.blockKwh).toBeCloseTo(30, 6);
  });

  it('at the block start (no reading in it yet) the previous minutes give the rate', () => {
    const p = predictBlock([steady(500, 0)], block + 2_000);
    expect(p?.energySoFarKwh).toBe(0);
    expect(p?.predictedKw).toBeCloseTo(500, 6);
  });

  it('a member that only starts reporting inside the block counts from its first reading', () => {
    const points = steady(100, 9).filter((p) => p.ts >= block + 4 * MIN);
    const p = predictMember(points, block, block + 9 * MIN);
    expect(p?.energySoFarKwh).toBeCloseTo((100 * 5) / 60, 6);
  });

  it('silent members are left out; none at all gives no prediction', () => {
    const old = steady(100, -20 + 15).map((p) => ({ ...p, ts: p.ts - 40 * MIN }));
    expect(predictBlock([old], block + 5 * MIN)).toBeNull();
    const p = predictBlock([old, steady(200, 5)], block + 5 * MIN);
    expect(p?.members).toBe(1);
    expect(p?.predictedKw).toBeCloseTo(200, 6);
  });

  it('members add up; readings after now are ignored', () => {
    const p = predictBlock([steady(200, 14), steady(300, 14)], block + 5 * MIN);
    expect(p?.predictedKw).toBeCloseTo(500, 6);
  });

  it('a counter reset never gives negative energy', () => {
    const points = [...steady(100, 3), { ts: block + 4 * MIN, kwh: 0 }];
    const p = predictMember(points, block, block + 4 * MIN);
    expect(p?.energySoFarKwh).toBe(0);
    expect(p?.recentKw).toBe(0);
  });

  it('solar behind the meter offsets the loads: the block predicts the net draw', () => {
    // 500 kW of load and a solar meter exporting 200 kW: 300 kW drawn from the grid.
    const solar = steady(0, 14).map((point, i) => ({ ...point, kwhReverse: 80 + (200 * i) / 60 }));
    const p = predictBlock([steady(500, 14), solar], block + 6 * MIN);
    expect(p?.predictedKw).toBeCloseTo(300, 6);
    expect(p?.energySoFarKwh).toBeCloseTo((300 * 6) / 60, 6);
    expect(p?.recentKw).toBeCloseTo(300, 6);
  });

  it('a block that exports predicts no demand, never a negative one', () => {
    const solar = steady(0, 14).map((point, i) => ({ ...point, kwhReverse: (600 * i) / 60 }));
    const p = predictBlock([steady(100, 14), solar], block + 6 * MIN);
    expect(p).toMatchObject({ predictedKw: 0, energySoFarKwh: 0, recentKw: 0 });
    // The exporting member alone goes below 0, so that it can offset the others.
    expect(predictMember(solar, block, block + 6 * MIN)?.recentKw).toBeCloseTo(-600, 6);
  });

  it('a reset of the reverse counter never adds energy', () => {
    const solar = steady(0, 3).map((point) => ({ ...point, kwhReverse: 500 }));
    solar.push({ ts: block + 4 * MIN, kwh: solar.at(-1)!.kwh, kwhReverse: 0 });
    expect(predictMember(solar, block, block + 4 * MIN)?.energySoFarKwh).toBe(0);
  });

  it('the recent window is five minutes', () => {
    expect(RECENT_WINDOW_MS).toBe(5 * MIN);
  });

  it('a channel shed a minute ago is taken out of the rest of the block at once', () => {
    const p = predictBlock([steady(800, 6)], block + 6 * MIN)!;
    // 40 kW shed 1 minute ago: 4/5 of it is still in the 5-minute rate, for 9 of 15 minutes.
    const adjusted = withoutShedLoads(
      p,
      [{ shedAt: block + 5 * MIN, loadKw: 40 }],
      block + 6 * MIN,
    );
    expect(adjusted.predictedKw).toBeCloseTo(800 - 40 * 0.8 * (9 / 15), 6);
    // Shed longer ago than the window: the readings show it already.
    const old = withoutShedLoads(p, [{ shedAt: block - 10 * MIN, loadKw: 40 }], block + 6 * MIN);
    expect(old.predictedKw).toBeCloseTo(800, 6);
  });

  it('a circuit that surged just before it was shed is taken out by its measured rate', () => {
    // Other loads 480 kW; the circuit 20 kW, then 3,020 kW in minute 10 (a surge), shed at
    // 10:00 and drawing nothing in minute 11. Its minute readings and its parent meter's.
    const circuitKw = (m: number) => (m <= 9 ? 20 : m === 10 ? 3020 : 0);
    const circuit: CounterPoint[] = [];
    const parent: CounterPoint[] = [];
    let circuitKwh = 50;
    let parentKwh = 5000;
    for (let m = -15; m <= 11; m += 1) {
      if (m > -15) {
        circuitKwh += circuitKw(m) / 60;
        parentKwh += (480 + circuitKw(m)) / 60;
      }
      circuit.push({ ts: block + m * MIN, kwh: circuitKwh });
      parent.push({ ts: block + m * MIN, kwh: parentKwh });
    }
    const now = block + 11 * MIN;
    // Its share of the 5-minute rate: (3 × 20 + 3,020 + 0) / 5 minutes.
    expect(recentRate(circuit, now)).toBeCloseTo((3 * 20 + 3020 + 0) / 5, 6);
    const adjusted = withoutShedLoads(
      predictBlock([parent], now)!,
      [{ shedAt: block + 10 * MIN, loadKw: 20, recentKw: recentRate(circuit, now) }],
      now,
    );
    // The energy so far stays (surge included); the rest of the block is the other loads' 480 kW.
    const soFarKwh = (480 * 11) / 60 + (9 * 20 + 3020) / 60;
    expect(adjusted.predictedKw).toBeCloseTo((soFarKwh + (480 * 4) / 60) / 0.25, 6);
  });
});
