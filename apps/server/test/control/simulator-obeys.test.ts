import { describe, expect, it } from 'vitest';
import { acPowerFactor } from '../../src/modules/control/calc/ac-power.ts';
import { MINUTE_MS } from '@wattboard/zone-time';
import { simEnvironment } from '../../src/modules/simulator/environment.ts';
import { factoryKw, offCheck } from '../../src/modules/simulator/generator.ts';
import { demoModel, nodeNamed } from '../simulator/demo-model.ts';

const model = demoModel();
const office = nodeNamed(model, 'Office Air Conditioning');
const meter = nodeNamed(model, 'Office Meter');
const workshop = nodeNamed(model, 'Workshop Lighting');
// A hot weekday afternoon: the office AC runs.
const env = simEnvironment(
  Date.parse('2026-07-14T06:00:00Z'),
  MINUTE_MS,
  model.timeZone,
  model.seed,
);

describe('the simulator obeys Control', () => {
  const free = factoryKw(model, env, offCheck(new Set()));

  it('draws nothing on a switched-off circuit, and its meter drops by that circuit', () => {
    const off = factoryKw(model, env, offCheck(new Set([workshop.id])));
    expect(free[workshop.index]!).toBeGreaterThan(1);
    expect(off[workshop.index]).toBe(0);
    const lighting = nodeNamed(model, 'Lighting Meter');
    expect(free[lighting.index]! - off[lighting.index]!).toBeGreaterThan(
      free[workshop.index]! * 0.99,
    );
  });

  it.each([
    ['cool at 26 °C', { set1: 'cool', set2: 26, set3: 'auto' }],
    ['cool at 20 °C, high fan', { set1: 'cool', set2: 20, set3: 'high' }],
    ['fan only', { set1: 'fan', set3: 'low' }],
  ])('scales an air conditioner by its options: %s', (_, options) => {
    const level = acPowerFactor(options);
    const scaled = factoryKw(model, env, offCheck(new Set(), new Map([[office.id, level]])));
    expect(scaled[office.index]!).toBeCloseTo(free[office.index]! * level, 9);
    // The office meter follows its AC's change (plus ~1.5 % panel losses on it).
    expect(scaled[meter.index]! - free[meter.index]!).toBeCloseTo(
      (level - 1) * free[office.index]! * 1.015,
      2,
    );
  });
});
