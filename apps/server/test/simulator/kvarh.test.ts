import { describe, expect, it } from 'vitest';
import { wireReading } from '@wattboard/contract';
import { offCheck } from '../../src/modules/simulator/generator.ts';
import {
  historyReadings,
  shiftCounters,
  simulateHistory,
} from '../../src/modules/simulator/history.ts';
import { kvarhAfter, kvarhPerKwh } from '../../src/modules/simulator/reactive.ts';
import { demoModel, nodeNamed } from './demo-model.ts';

/** Issue #24: the demo's 3-phase meters carry a lagging kvarh counter. */

const MINUTE = 60_000;
const model = demoModel();
const start = Date.parse('2026-11-20T00:00:00Z'); // 08:00 in Taipei: a working morning
const times = Array.from({ length: 120 }, (_, i) => start + i * MINUTE);

describe('simulated kvarh', () => {
  it('is tan(acos(pf)) per imported kWh, and export adds none', () => {
    expect(kvarhPerKwh(0.8)).toBeCloseTo(0.75, 12);
    expect(kvarhPerKwh(1)).toBe(0);
    expect(kvarhAfter(100, 2, 0.8)).toBeCloseTo(101.5, 12);
    expect(kvarhAfter(100, -2, 0.8)).toBe(100);
  });

  it('comes from the 3-phase meters only; circuits and single-phase meters send none', () => {
    const history = simulateHistory(model, times, offCheck(new Set()));
    const readings = historyReadings(model, history, 0, times.length);
    const withKvarh = new Set(
      readings.filter((r) => r.kvarhLagging !== undefined).map((r) => r.serial),
    );
    const reactive = model.nodes.filter((node) => node.initialKvarh !== null);
    expect([...withKvarh].sort()).toEqual(reactive.map((node) => node.serial).sort());
    expect(reactive.map((node) => node.name).sort()).toEqual([
      'CNC Line A Meter',
      'CNC Line B Meter',
      'Compressor Room Meter',
      'HVAC Meter',
      'Solar Inverter Meter',
    ]);
    expect(reactive.every((node) => node.children.length > 0)).toBe(true);
    // Each is a valid wire reading: ingest takes it as it takes a gateway's.
    for (const reading of readings) expect(wireReading.safeParse(reading).success).toBe(true);
  });

  it('grows with the kWh at the power factor the meter reports (0.85–0.98)', () => {
    const meter = nodeNamed(model, 'Compressor Room Meter');
    const history = simulateHistory(model, times, offCheck(new Set()));
    const series = historyReadings(model, history, 0, times.length).filter(
      (reading) => reading.serial === meter.serial,
    );
    const first = series[0]!;
    const last = series.at(-1)!;
    expect(first.kvarhLagging).toBe(meter.initialKvarh);
    const kwh = last.kwhForward - first.kwhForward;
    const kvarh = last.kvarhLagging! - first.kvarhLagging!;
    expect(kwh).toBeGreaterThan(0);
    // pf = kWh / √(kWh² + kvarh²), the bill's formula, lands in the meter's range.
    const pf = kwh / Math.hypot(kwh, kvarh);
    expect(pf).toBeGreaterThanOrEqual(0.85);
    expect(pf).toBeLessThanOrEqual(0.98);
    for (let i = 1; i < series.length; i += 1) {
      expect(series[i]!.kvarhLagging!).toBeGreaterThanOrEqual(series[i - 1]!.kvarhLagging!);
    }
  });

  it('starts the counter after readings stored without one, and resumes none before them', () => {
    const meter = nodeNamed(model, 'HVAC Meter');
    const before = { ts: start - MINUTE, forward: 5000, reverse: 0, kvarh: null };
    const live = simulateHistory(model, times.slice(0, 2), offCheck(new Set()), {
      start: new Map([[meter.id, before]]),
      startsAt: () => Infinity,
    });
    const counted = historyReadings(model, live, 0, 2)
      .filter((r) => r.serial === meter.serial)
      .map((r) => [r.kwhForward > 5000, r.kvarhLagging]);
    expect(counted[0]).toEqual([true, meter.initialKvarh]);
    expect(counted[1]![1]).toBeGreaterThan(meter.initialKvarh!);

    const older = simulateHistory(model, times, offCheck(new Set()));
    shiftCounters(older, meter, 0, 0, null);
    const resumed = historyReadings(model, older, 0, times.length);
    expect(resumed.filter((r) => r.serial === meter.serial && 'kvarhLagging' in r)).toEqual([]);
  });
});
