import { describe, expect, it } from 'vitest';
import { offCheck } from '../../src/modules/simulator/generator.ts';
import {
  historyReadings,
  newestFirstBatches,
  simulateHistory,
} from '../../src/modules/simulator/history.ts';
import {
  BACKFILL_TIERS,
  CATCH_UP_TIERS,
  planSampleTimes,
} from '../../src/modules/simulator/plan.ts';
import { demoModel, nodeNamed } from './demo-model.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const model = demoModel();
const noneOff = offCheck(new Set());

describe('planned sample times', () => {
  const now = Date.parse('2026-11-21T06:03:27Z');

  it('backfills minutes for 3 hours, 5 minutes for the day, quarter hours for a week, hours to 90 days', () => {
    const times = planSampleTimes(now, BACKFILL_TIERS);
    const newest = Date.parse('2026-11-21T06:03:00Z');
    expect(times.at(-1)).toBe(newest);
    expect(newest - times[0]!).toBeLessThanOrEqual(90 * DAY);
    expect(newest - times[0]!).toBeGreaterThan(90 * DAY - HOUR);
    for (let i = 1; i < times.length; i += 1) expect(times[i]!).toBeGreaterThan(times[i - 1]!);
    const ofAge = (from: number, to: number) =>
      times.filter((t) => newest - t >= from && newest - t < to);
    expect(ofAge(0, 3 * HOUR)).toHaveLength(180);
    const restOfDay = ofAge(3 * HOUR + 5 * MINUTE, DAY);
    expect(restOfDay.every((t) => t % (5 * MINUTE) === 0)).toBe(true);
    expect(restOfDay.length).toBeGreaterThanOrEqual(21 * 12 - 2);
    expect(ofAge(DAY + 15 * MINUTE, 7 * DAY).every((t) => t % (15 * MINUTE) === 0)).toBe(true);
    expect(ofAge(7 * DAY + HOUR, 90 * DAY).every((t) => t % HOUR === 0)).toBe(true);
    expect(times.length).toBeGreaterThan(180 + 21 * 12 + 6 * 96 + 82 * 24);
    expect(times.length).toBeLessThan(3100);
  });

  it('catches up a three-hour gap with quarter hours, then minutes for the last hour', () => {
    const after = now - 3 * HOUR;
    const times = planSampleTimes(now, CATCH_UP_TIERS, after);
    expect(times.every((t) => t > after)).toBe(true);
    const newest = times.at(-1)!;
    const minuteSteps = times.filter((t) => newest - t < HOUR);
    expect(minuteSteps).toHaveLength(60);
    expect(times.length).toBeLessThanOrEqual(60 + 9);
    expect(times.filter((t) => newest - t > HOUR).every((t) => t % (15 * MINUTE) === 0)).toBe(true);
  });

  it('plans a single reading for an ordinary tick and none when nothing is due', () => {
    expect(planSampleTimes(now, CATCH_UP_TIERS, now - 61_000)).toEqual([
      Date.parse('2026-11-21T06:03:00Z'),
    ]);
    expect(planSampleTimes(now, CATCH_UP_TIERS, Date.parse('2026-11-21T06:03:00Z'))).toEqual([]);
  });
});

describe('simulated history', () => {
  const times = planSampleTimes(Date.parse('2026-07-16T00:00:00Z'), [
    { withinMs: 6 * HOUR, stepMs: MINUTE },
    { withinMs: 3 * DAY, stepMs: 15 * MINUTE },
  ]);
  const history = simulateHistory(model, times, noneOff);
  const readings = historyReadings(model, history, 0, times.length);
  const seriesOf = (serial: string) => readings.filter((reading) => reading.serial === serial);

  it('produces one reading per metered node and instant', () => {
    expect(readings).toHaveLength(times.length * model.nodes.length);
    expect(history.readingCount).toBe(readings.length);
  });

  it('keeps counters monotonic and consistent with kW (counter += kW × Δt)', () => {
    const problems: string[] = [];
    for (const node of model.nodes) {
      const series = seriesOf(node.serial);
      expect(series[0]!.kwhForward).toBe(node.initialForwardKwh);
      for (let i = 1; i < series.length; i += 1) {
        const previous = series[i - 1]!;
        const current = series[i]!;
        const hours = (Date.parse(current.ts) - Date.parse(previous.ts)) / HOUR;
        const forward = current.kwhForward - previous.kwhForward;
        const reverse = current.kwhReverse - previous.kwhReverse;
        // Counters and kW are rounded to 0.001 on the wire.
        const mismatch = Math.abs(forward - reverse - current.kw * hours);
        if (forward < 0 || reverse < 0 || mismatch > 0.003) {
          problems.push(`${node.name} ${current.ts}: +${forward} −${reverse} vs ${current.kw} kW`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('counts solar energy in reverse by day', () => {
    const solar = nodeNamed(model, 'Solar Inverter 1');
    const series = seriesOf(solar.serial);
    const exported = series.at(-1)!.kwhReverse - series[0]!.kwhReverse;
    const imported = series.at(-1)!.kwhForward - series[0]!.kwhForward;
    expect(exported).toBeGreaterThan(100); // three July days of a ~60 kW inverter
    expect(imported).toBeLessThan(exported / 50); // night standby only
  });

  it('yields batches newest first, so recent days are stored before old ones', () => {
    const batches = [...newestFirstBatches(model, history, 3000)];
    expect(batches.flat()).toHaveLength(readings.length);
    for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(3000);
    const newestOf = (batch: (typeof batches)[number]) =>
      Math.max(...batch.map((r) => Date.parse(r.ts)));
    for (let i = 1; i < batches.length; i += 1) {
      expect(newestOf(batches[i]!)).toBeLessThan(newestOf(batches[i - 1]!));
    }
    expect(newestOf(batches[0]!)).toBe(times.at(-1));
  });

  it('continues counters from where a previous run stopped', () => {
    const later = planSampleTimes(times.at(-1)! + 30 * MINUTE, CATCH_UP_TIERS, times.at(-1)!);
    const next = simulateHistory(model, later, noneOff, { start: history.finalCounters });
    const continued = historyReadings(model, next, 0, later.length);
    expect(continued).toHaveLength(30 * model.nodes.length);
    for (const node of model.nodes) {
      const last = seriesOf(node.serial).at(-1)!;
      const first = continued.find((r) => r.serial === node.serial)!;
      expect(first.kwhForward - last.kwhForward - (first.kwhReverse - last.kwhReverse)).toBeCloseTo(
        first.kw / 60,
        2,
      );
    }
  });

  it('stops counting energy for a circuit that is switched off', () => {
    const compressor = nodeNamed(model, 'Air Compressor 2');
    const tail = times.slice(-30);
    const off = simulateHistory(model, tail, offCheck(new Set([compressor.id])));
    const series = historyReadings(model, off, 0, tail.length).filter(
      (r) => r.serial === compressor.serial,
    );
    expect(series.every((r) => r.kw === 0)).toBe(true);
    expect(series.at(-1)!.kwhForward).toBe(series[0]!.kwhForward);
  });
});
