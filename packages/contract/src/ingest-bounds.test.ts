import { describe, expect, it } from 'vitest';
import { boundProblem, INGEST_BOUNDS, type BoundedQuantity } from './ingest-bounds.ts';
import { wireReading } from './ingest.ts';

const quantities = Object.keys(INGEST_BOUNDS) as BoundedQuantity[];

describe('physical bounds of a reading', () => {
  it.each(quantities)('%s: accepts its bounds, refuses beyond them', (quantity) => {
    const { min, max, minInclusive } = INGEST_BOUNDS[quantity];
    expect(boundProblem(quantity, max)).toBeUndefined();
    expect(boundProblem(quantity, max * (1 + 1e-9) + 1e-9)).toBeDefined();
    expect(boundProblem(quantity, 1e308)).toBeDefined();
    expect(boundProblem(quantity, -1e308)).toBeDefined();
    if (minInclusive) expect(boundProblem(quantity, min)).toBeUndefined();
    else expect(boundProblem(quantity, min)).toBeDefined();
    expect(boundProblem(quantity, min - Math.max(Math.abs(min) * 1e-9, 1e-9))).toBeDefined();
  });

  it('words the refusals', () => {
    expect(boundProblem('voltage', -5)).toBe('negative voltage (-5)');
    expect(boundProblem('frequency', 0)).toBe('frequency must be above 0 (0)');
    expect(boundProblem('voltage', 1e308)).toBe('voltage out of range 0..1000000 V (1e+308)');
    expect(boundProblem('pf', 1.2)).toBe('power factor out of range -1..1 (1.2)');
    expect(boundProblem('temperature', -300)).toBe(
      'temperature out of range -273.15..1000 °C (-300)',
    );
  });

  it('a reading of 1e308 V, an absurd counter or temperature is refused naming the field', () => {
    const phase = { voltage: 220, current: 10, kw: 2, pf: 0.95 };
    const reading = {
      serial: 'WB-M01-C1',
      ts: '2026-11-21T06:03:00Z',
      phases: { a: phase, b: phase, c: phase },
    };
    const path = (raw: unknown) =>
      wireReading.safeParse(raw).error?.issues[0]?.path.map(String).join('.');
    expect(wireReading.safeParse(reading).success).toBe(true);
    expect(
      path({ ...reading, phases: { ...reading.phases, a: { ...phase, voltage: 1e308 } } }),
    ).toBe('phases.a.voltage');
    expect(path({ ...reading, phases: { ...reading.phases, b: { ...phase, kw: '-2e6' } } })).toBe(
      'phases.b.kw',
    );
    expect(path({ ...reading, kwhForward: 2e12 })).toBe('kwhForward');
    expect(path({ ...reading, kw: 1e9 })).toBe('kw');
    expect(path({ ...reading, temperature: 5000 })).toBe('temperature');
    expect(path({ ...reading, frequency: 1e4 })).toBe('frequency');
    expect(path({ ...reading, serial: 'WB-M01\u0000-C1' })).toBe('serial');
  });
});
