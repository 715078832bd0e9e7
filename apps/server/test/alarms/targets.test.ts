import { describe, expect, it } from 'vitest';
import {
  currentValue,
  demandBlockStart,
  excess,
  imbalanceValue,
  pfValue,
  targetValue,
  voltageValue,
  type MeasuredValues,
} from '../../src/modules/alarms/targets.ts';

const phase = (voltage: number, current: number, pf: number | null = 0.95) => ({
  voltage,
  current,
  kw: (voltage * current * (pf ?? 1)) / 1000,
  pf,
});

const threePhase: MeasuredValues = {
  phases: { a: phase(221, 10), b: phase(229, 12), c: phase(214, 8, 0.81) },
  kw: 6.3,
  frequency: 59.98,
  temperature: 36.5,
};
const none = { low: null, high: null };

describe('excess', () => {
  it('is positive outside, negative inside, 0 without limits', () => {
    expect(excess(250, { low: 200, high: 240 })).toBe(10);
    expect(excess(190, { low: 200, high: 240 })).toBe(10);
    expect(excess(230, { low: 200, high: 240 })).toBe(-10);
    expect(excess(230, { low: null, high: 240 })).toBe(-10);
    expect(excess(230, none)).toBe(0);
  });
});

describe('voltageValue', () => {
  it('takes the phase furthest above a high limit', () => {
    expect(voltageValue(threePhase, { low: null, high: 225 })).toBe(229);
  });

  it('takes the phase furthest below a low limit', () => {
    expect(voltageValue(threePhase, { low: 218, high: null })).toBe(214);
  });

  it('with both limits, the phase that is furthest out on either side', () => {
    // 229 is 3 above 226; 214 is 6 below 220: the low side wins.
    expect(voltageValue(threePhase, { low: 220, high: 226 })).toBe(214);
    // All inside: the one with the smallest margin (229 is 1 V from 230).
    expect(voltageValue(threePhase, { low: 200, high: 230 })).toBe(229);
  });

  it('without limits is the mean of the phases; no phases is null', () => {
    expect(voltageValue(threePhase, none)).toBeCloseTo(221.333, 3);
    expect(voltageValue({ ...threePhase, phases: {} }, none)).toBeNull();
  });
});

describe('current, pf and imbalance', () => {
  it('current is the largest phase', () => {
    expect(currentValue(threePhase)).toBe(12);
  });

  it('pf is the worst phase by magnitude, ignoring phases without pf', () => {
    expect(pfValue(threePhase)).toBe(0.81);
    const signed: MeasuredValues = {
      ...threePhase,
      phases: { a: phase(220, 5, -0.97), b: phase(220, 5, null), c: phase(220, 5, 0.9) },
    };
    expect(pfValue(signed)).toBe(0.9);
    expect(pfValue({ ...threePhase, phases: { value: phase(220, 0, null) } })).toBeNull();
  });

  it('imbalance is the largest deviation from the mean current, in %', () => {
    // mean 10; 12 and 8 both deviate by 2 → 20 %.
    expect(imbalanceValue(threePhase)).toBeCloseTo(20, 10);
    const balanced = {
      ...threePhase,
      phases: { a: phase(220, 5), b: phase(220, 5), c: phase(220, 5) },
    };
    expect(imbalanceValue(balanced)).toBe(0);
  });

  it('imbalance is null below three phases or with no current', () => {
    const twoPhase = { ...threePhase, phases: { l1: phase(110, 5), l2: phase(110, 9) } };
    expect(imbalanceValue(twoPhase)).toBeNull();
    const idle = {
      ...threePhase,
      phases: { a: phase(220, 0), b: phase(220, 0), c: phase(220, 0) },
    };
    expect(imbalanceValue(idle)).toBeNull();
  });
});

describe('demandBlockStart', () => {
  const at = (iso: string) => Date.parse(iso);

  it('is the newest block that has ended: a reading on the boundary completes it', () => {
    expect(demandBlockStart(at('2026-03-01T10:15:00Z'))).toBe(at('2026-03-01T10:00:00Z'));
    expect(demandBlockStart(at('2026-03-01T10:29:59Z'))).toBe(at('2026-03-01T10:00:00Z'));
    expect(demandBlockStart(at('2026-03-01T10:14:00Z'))).toBe(at('2026-03-01T09:45:00Z'));
  });
});

describe('targetValue', () => {
  it('reads each target from the reading', () => {
    expect(targetValue('power', threePhase, none, null)).toBe(6.3);
    expect(targetValue('temperature', threePhase, none, null)).toBe(36.5);
    expect(targetValue('frequency', threePhase, none, null)).toBe(59.98);
    expect(targetValue('current', threePhase, none, null)).toBe(12);
    expect(targetValue('pf', threePhase, none, null)).toBe(0.81);
  });

  it('demand comes from the caller, readings or not', () => {
    expect(targetValue('demand', null, none, 412.5)).toBe(412.5);
    expect(targetValue('demand', threePhase, none, null)).toBeNull();
  });

  it('missing measurements are null, never 0', () => {
    const bare: MeasuredValues = { phases: {}, kw: null, frequency: null, temperature: null };
    for (const target of [
      'voltage',
      'current',
      'power',
      'pf',
      'temperature',
      'frequency',
      'imbalance',
    ] as const) {
      expect(targetValue(target, bare, none, null)).toBeNull();
      expect(targetValue(target, null, none, null)).toBeNull();
    }
  });
});
