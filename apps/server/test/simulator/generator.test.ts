import { describe, expect, it } from 'vitest';
import { WIRING_PHASE_KEYS } from '@wattboard/contract';
import { MINUTE_MS } from '@wattboard/zone-time';
import { simEnvironment } from '../../src/modules/simulator/environment.ts';
import {
  buildReadings,
  factoryKw,
  offCheck,
  type SimReading,
} from '../../src/modules/simulator/generator.ts';
import type { SimModel } from '../../src/modules/simulator/model.ts';
import { NOMINAL_VOLTAGE } from '../../src/modules/simulator/phases.ts';
import { demoModel, nodeNamed } from './demo-model.ts';

const model = demoModel();
const noneOff = offCheck(new Set());

/** Readings of every metered node at an instant, averaged over `spanMinutes` before it. */
function readingsAt(iso: string, spanMinutes = 1, m: SimModel = model, off = noneOff) {
  const env = simEnvironment(Date.parse(iso), spanMinutes * MINUTE_MS, m.timeZone, m.seed);
  const kw = factoryKw(m, env, off);
  const readings = buildReadings(
    m,
    env,
    kw,
    () => ({ forward: 0, reverse: 0 }),
    () => true,
  );
  return new Map(readings.map((reading) => [reading.serial, reading]));
}

function kwOf(readings: Map<string, SimReading>, name: string): number {
  const reading = readings.get(nodeNamed(model, name).serial);
  if (!reading) throw new Error(`no reading for ${name}`);
  return reading.kw;
}

/** The whole factory's consumption: every top-level meter except the solar one. */
function consumption(readings: Map<string, SimReading>): number {
  return model.nodes
    .filter((node) => node.ancestorIds.length === 0 && !node.canExport)
    .reduce((sum, node) => sum + (readings.get(node.serial)?.kw ?? 0), 0);
}

// Asia/Taipei is UTC+8 all year: 02:00Z = 10:00 local.
const WEDNESDAY_10 = '2026-07-15T02:00:00Z';
const WEDNESDAY_03 = '2026-07-14T19:00:00Z';
const SATURDAY_10 = '2026-07-18T02:00:00Z';
const SUNDAY_10 = '2026-07-19T02:00:00Z';

describe('the simulated factory', () => {
  it('is deterministic for a seed and different for another seed', () => {
    const first = readingsAt(WEDNESDAY_10);
    const again = readingsAt(WEDNESDAY_10);
    expect([...again.values()]).toEqual([...first.values()]);
    const otherSeed = readingsAt(WEDNESDAY_10, 1, demoModel('Asia/Taipei', 7));
    expect([...otherSeed.values()].map((r) => r.kw)).not.toEqual(
      [...first.values()].map((r) => r.kw),
    );
  });

  it('works hard on weekday shifts, less on Saturday, and runs on base load on Sundays and nights', () => {
    const weekday = consumption(readingsAt(WEDNESDAY_10, 60));
    const saturday = consumption(readingsAt(SATURDAY_10, 60));
    const sunday = consumption(readingsAt(SUNDAY_10, 60));
    const night = consumption(readingsAt(WEDNESDAY_03, 60));
    expect(weekday).toBeGreaterThan(350);
    expect(weekday).toBeLessThan(800); // under the demo factory's contract capacity
    expect(saturday).toBeLessThan(weekday * 0.9);
    expect(saturday).toBeGreaterThan(sunday * 1.2);
    expect(sunday).toBeLessThan(weekday * 0.6);
    expect(night).toBeLessThan(weekday * 0.5);
    // Base load never drops to nothing: leaks, the server room, emergency lights, the chiller.
    expect(night).toBeGreaterThan(50);
    // CNC lines only cut metal on shifts.
    const cncDay = kwOf(readingsAt(WEDNESDAY_10, 60), 'CNC Line A Meter');
    const cncNight = kwOf(readingsAt(WEDNESDAY_03, 60), 'CNC Line A Meter');
    expect(cncDay).toBeGreaterThan(cncNight * 5);
  });

  it('draws kW of believable size per kind of circuit on a summer weekday', () => {
    const hour = readingsAt(WEDNESDAY_10, 60);
    expect(kwOf(hour, 'Air Compressor 1')).toBeGreaterThan(30);
    expect(kwOf(hour, 'Air Compressor 1')).toBeLessThanOrEqual(80);
    expect(kwOf(hour, 'CNC Machine A1')).toBeLessThan(45);
    expect(kwOf(hour, 'Chiller')).toBeGreaterThan(50);
    expect(kwOf(hour, 'Chiller')).toBeLessThanOrEqual(160);
    expect(kwOf(hour, 'Workshop Lighting')).toBeGreaterThan(5);
    expect(kwOf(hour, 'Workshop Lighting')).toBeLessThan(22);
    expect(kwOf(hour, 'Office Air Conditioning')).toBeGreaterThan(3);
    expect(kwOf(hour, 'Office Air Conditioning')).toBeLessThan(11);
  });

  it('follows the hour of day with HVAC: a summer afternoon needs more cooling than a winter night', () => {
    const summerAfternoon = kwOf(readingsAt('2026-07-15T06:30:00Z', 15), 'Chiller');
    const winterNight = kwOf(readingsAt('2026-01-14T19:00:00Z', 15), 'Chiller');
    expect(summerAfternoon).toBeGreaterThan(winterNight * 2);
  });

  it('exports solar power by day and nothing at night', () => {
    for (let day = 0; day < 14; day += 1) {
      const noon = new Date(Date.parse('2026-07-01T04:00:00Z') + day * 86_400_000).toISOString();
      const midnight = new Date(
        Date.parse('2026-07-01T16:00:00Z') + day * 86_400_000,
      ).toISOString();
      const atNoon = readingsAt(noon, 15);
      const atMidnight = readingsAt(midnight, 15);
      for (const name of ['Solar Inverter 1', 'Solar Inverter 2']) {
        expect(kwOf(atNoon, name)).toBeLessThan(-3);
        expect(kwOf(atNoon, name)).toBeGreaterThanOrEqual(-70);
        expect(kwOf(atMidnight, name)).toBeGreaterThanOrEqual(0);
        expect(kwOf(atMidnight, name)).toBeLessThan(0.05);
      }
    }
  });

  it('gives every wiring its own phase keys and voltage level, with kW = V × A × PF', () => {
    const readings = readingsAt(WEDNESDAY_10);
    const wiringsSeen = new Set<string>();
    for (const node of model.nodes) {
      const reading = readings.get(node.serial)!;
      wiringsSeen.add(node.wiring);
      expect(Object.keys(reading.phases).sort()).toEqual(
        [...WIRING_PHASE_KEYS[node.wiring]].sort(),
      );
      for (const phase of Object.values(reading.phases)) {
        expect(phase.voltage).toBeGreaterThan(NOMINAL_VOLTAGE[node.wiring] * 0.95);
        expect(phase.voltage).toBeLessThan(NOMINAL_VOLTAGE[node.wiring] * 1.05);
        if (phase.kw === 0) continue;
        expect(phase.pf).toBeGreaterThanOrEqual(0.85);
        expect(phase.pf).toBeLessThanOrEqual(0.98);
        const fromVia = (phase.voltage * phase.current * (phase.pf ?? 0)) / 1000;
        expect(Math.abs(fromVia - Math.abs(phase.kw))).toBeLessThan(
          0.01 * Math.abs(phase.kw) + 0.01,
        );
      }
      const phaseSum = Object.values(reading.phases).reduce((sum, phase) => sum + phase.kw, 0);
      expect(phaseSum).toBeCloseTo(reading.kw, 1);
      expect(reading.frequency).toBeGreaterThanOrEqual(59.95);
      expect(reading.frequency).toBeLessThanOrEqual(60.05);
    }
    expect([...wiringsSeen].sort()).toEqual(['a,b,c', 'ab,bc,ca', 'l1,l2', 'value']);
  });

  it('reads a meter as the sum of its circuits plus a small unmetered load', () => {
    const readings = readingsAt(WEDNESDAY_10);
    for (const meter of model.nodes.filter((node) => node.children.length > 0)) {
      const circuits = meter.children.reduce(
        (sum, child) => sum + readings.get(child.serial)!.kw,
        0,
      );
      const unmetered = readings.get(meter.serial)!.kw - circuits;
      expect(unmetered).toBeGreaterThan(0.2);
      expect(unmetered).toBeLessThan(0.03 * Math.abs(circuits) + 0.5);
    }
  });

  it('keeps temperatures between 25 and 45 °C in ordinary hours', () => {
    for (const iso of [WEDNESDAY_10, WEDNESDAY_03, '2026-01-14T19:00:00Z', SUNDAY_10]) {
      for (const reading of readingsAt(iso, 15).values()) {
        expect(reading.temperature).toBeGreaterThanOrEqual(25);
        expect(reading.temperature).toBeLessThanOrEqual(45);
      }
    }
  });

  it('draws ~0 kW on a switched-off circuit, and nothing below a switched-off meter', () => {
    const compressor = nodeNamed(model, 'Air Compressor 1');
    const room = nodeNamed(model, 'Compressor Room Meter');
    const on = readingsAt(WEDNESDAY_10);
    const off = readingsAt(WEDNESDAY_10, 1, model, offCheck(new Set([compressor.id])));
    const offReading = off.get(compressor.serial)!;
    expect(offReading.kw).toBe(0);
    for (const phase of Object.values(offReading.phases)) {
      expect(phase.current).toBe(0);
      expect(phase.pf).toBeNull();
      expect(phase.voltage).toBeGreaterThan(200); // the supply is still there
    }
    const drop = on.get(room.serial)!.kw - off.get(room.serial)!.kw;
    expect(drop).toBeGreaterThan(on.get(compressor.serial)!.kw * 0.98);

    const roomOff = readingsAt(WEDNESDAY_10, 1, model, offCheck(new Set([room.id])));
    for (const node of [room, ...room.children]) expect(roomOff.get(node.serial)!.kw).toBe(0);
    expect(roomOff.get(nodeNamed(model, 'Chiller').serial)!.kw).toBeGreaterThan(10);
  });
});
