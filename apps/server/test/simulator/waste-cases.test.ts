import { describe, expect, it } from 'vitest';
import { offCheck } from '../../src/modules/simulator/generator.ts';
import { simulateHistory } from '../../src/modules/simulator/history.ts';
import { wasteHistory } from '../../src/modules/simulator/index.ts';
import { planWasteCases, wasteExtraKw } from '../../src/modules/simulator/waste-cases.ts';
import { demoModel } from './demo-model.ts';

const QUARTER = 15 * 60_000;

describe('labelled waste in the simulator', () => {
  const model = demoModel();
  const plan = { firstDay: '2025-12-01', days: 60, seed: 7 };

  it('places the same cases for the same seed, other cases for another', () => {
    const labels = (seed: number) =>
      planWasteCases(model, { ...plan, seed }).map(({ kwAt: _kwAt, ...label }) => label);
    expect(labels(7)).toEqual(labels(7));
    expect(labels(7)).not.toEqual(labels(8));
    const cases = labels(7);
    expect(new Set(cases.map((c) => c.what))).toEqual(
      new Set(['compressorWeekend', 'lightsAtNight', 'acAtNight', 'lateSwitchOff', 'leak']),
    );
    for (const c of cases) expect(c.to).toBeGreaterThan(c.from);
  });

  it('adds kW only to a case’s circuit, during the case, and to the meters above it', () => {
    const cases = planWasteCases(model, plan).filter((c) => c.what === 'compressorWeekend');
    const target = cases[0]!; // on its own: another compressor may have a case that weekend
    const node = model.nodes.find((n) => n.id === target.nodeId)!;
    const times = [-4, -3, 1, 2].map((q) => target.from + q * QUARTER);
    const plain = simulateHistory(model, times, offCheck(new Set()));
    const injected = simulateHistory(model, times, offCheck(new Set()), {
      extraKw: wasteExtraKw([target]),
    });
    const extra = (i: number, index: number) => injected.kw[i]![index]! - plain.kw[i]![index]!;
    expect(extra(1, node.index)).toBe(0); // before the case
    // An hour's reading holding the case's first quarter carries a quarter of it.
    expect(extra(2, node.index)).toBeCloseTo(0.125 * node.ratedKw, 6);
    expect(extra(3, node.index)).toBeCloseTo(0.5 * node.ratedKw, 6);
    const meter = model.nodes.find((n) => n.children.includes(node))!;
    expect(extra(3, meter.index)).toBeGreaterThan(0.5 * node.ratedKw);
    const others = model.nodes.filter((n) => n !== node && !node.ancestorIds.includes(n.id));
    for (const other of others) expect(extra(3, other.index)).toBe(0);
  });

  it('leaves history as it was when nothing is injected', () => {
    const times = Array.from({ length: 8 }, (_, i) => Date.UTC(2026, 0, 10) + i * QUARTER);
    const none = simulateHistory(model, times, offCheck(new Set()), { extraKw: wasteExtraKw([]) });
    expect(none.kw).toEqual(simulateHistory(model, times, offCheck(new Set())).kw);
  });

  it('gives each circuit its quarter hours with seeded outages left out', () => {
    const history = wasteHistory(model, { ...plan, days: 7, outagesPerCircuit: 1 });
    const circuits = model.nodes.filter((n) => n.children.length === 0);
    expect(history.series.size).toBe(circuits.length);
    for (const quarters of history.series.values()) {
      expect(quarters.length).toBeLessThan(7 * 96);
      expect(quarters.length).toBeGreaterThan(7 * 96 - 8 * 4 - 1);
    }
  });
});
