import { describe, expect, it } from 'vitest';
import {
  elapsedQuarters,
  previousElapsedRange,
  usagePeriodFigures,
} from '../../src/domain/overview/period.ts';

const Q = 15 * 60_000;

describe('elapsedQuarters', () => {
  it('counts the quarter in progress, and none before the start', () => {
    expect(elapsedQuarters(0, 0)).toBe(0);
    expect(elapsedQuarters(0, -5)).toBe(0);
    expect(elapsedQuarters(0, 1)).toBe(1);
    expect(elapsedQuarters(0, Q)).toBe(1);
    expect(elapsedQuarters(0, Q + 1)).toBe(2);
    expect(elapsedQuarters(1000, 1000 + 10 * Q + 7 * 60_000)).toBe(11);
  });
});

describe('previousElapsedRange', () => {
  it('takes the same number of quarters from the previous start', () => {
    expect(previousElapsedRange({ from: 0, to: 96 * Q }, 41)).toEqual({ from: 0, to: 41 * Q });
  });

  it('stops at the previous period’s end (31 March against February)', () => {
    const february = { from: 0, to: 28 * 96 * Q };
    expect(previousElapsedRange(february, 30 * 96 * Q)).toEqual(february);
  });
});

describe('usagePeriodFigures', () => {
  it('nets reverse energy, prices CO2 and the saving, and compares', () => {
    expect(
      usagePeriodFigures({ forward: 124, reverse: 2.5 }, { forward: 30.75, reverse: 2.7 }, 0.5),
    ).toEqual({
      kwh: 121.5,
      co2: 60.75,
      reverseKwh: 2.5,
      co2Saving: 1.25,
      previousKwh: 28.05,
      changeKwh: 93.45,
      changePercent: 333.1551,
    });
  });

  it('has no saving without reverse energy and a negative change when using less', () => {
    const figures = usagePeriodFigures(
      { forward: 50, reverse: 0 },
      { forward: 100, reverse: 0 },
      0.474,
    );
    expect(figures).toMatchObject({
      co2Saving: 0,
      reverseKwh: 0,
      changeKwh: -50,
      changePercent: -50,
    });
  });

  it('gives no percentage against a previous period without energy', () => {
    const figures = usagePeriodFigures({ forward: 10, reverse: 0 }, { forward: 0, reverse: 0 }, 1);
    expect(figures).toMatchObject({ previousKwh: 0, changeKwh: 10, changePercent: null });
  });

  it('measures the change against the size of a negative (net exporting) previous period', () => {
    const figures = usagePeriodFigures({ forward: 0, reverse: 5 }, { forward: 0, reverse: 10 }, 1);
    expect(figures).toMatchObject({ kwh: -5, previousKwh: -10, changeKwh: 5, changePercent: 50 });
  });
});
