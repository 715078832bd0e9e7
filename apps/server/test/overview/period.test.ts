import { describe, expect, it } from 'vitest';
import {
  elapsedPart,
  previousElapsedParts,
  splitAtLastMidnight,
  usagePeriodFigures,
} from '../../src/modules/overview/calc/period.ts';
import { ZoneClock } from '@wattboard/zone-time';

const Q = 15 * 60_000;

describe('elapsedPart', () => {
  it('counts whole quarters and the share of the one in progress; nothing before the start', () => {
    expect(elapsedPart(0, 0)).toEqual({ quarters: 0, fraction: 0 });
    expect(elapsedPart(0, -5)).toEqual({ quarters: 0, fraction: 0 });
    expect(elapsedPart(0, Q)).toEqual({ quarters: 1, fraction: 0 });
    expect(elapsedPart(0, Q + 3 * 60_000)).toEqual({ quarters: 1, fraction: 0.2 });
    expect(elapsedPart(1000, 1000 + 10 * Q + 7.5 * 60_000)).toEqual({
      quarters: 10,
      fraction: 0.5,
    });
  });
});

describe('previousElapsedParts', () => {
  it('04:41 today compares with yesterday to 04:30 and 11/15 of its 04:30 quarter', () => {
    const part = elapsedPart(0, 4 * 3_600_000 + 41 * 60_000);
    expect(previousElapsedParts({ from: -96 * Q, to: 0 }, part)).toEqual({
      whole: { from: -96 * Q, to: -96 * Q + 18 * Q },
      partial: { from: -96 * Q + 18 * Q, to: -96 * Q + 19 * Q },
      fraction: 11 / 15,
    });
  });

  it('just after midnight takes a sliver of yesterday’s first quarter, not all of it', () => {
    const parts = previousElapsedParts({ from: 0, to: 96 * Q }, elapsedPart(5000, 5000 + 60_000));
    expect(parts.whole).toEqual({ from: 0, to: 0 });
    expect(parts.partial).toEqual({ from: 0, to: Q });
    expect(parts.fraction).toBeCloseTo(1 / 15, 12);
  });

  it('stops at the previous period’s end (31 March against February)', () => {
    const february = { from: 0, to: 28 * 96 * Q };
    const parts = previousElapsedParts(february, elapsedPart(0, 30 * 96 * Q + 60_000));
    expect(parts).toEqual({
      whole: february,
      partial: { from: february.to, to: february.to },
      fraction: 0,
    });
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

describe('splitAtLastMidnight', () => {
  const taipei = new ZoneClock('Asia/Taipei');
  const at = (text: string) => Date.parse(`${text}+08:00`);

  it('splits whole local days from the part-day after the last midnight', () => {
    const range = { from: at('2026-11-01T00:00:00'), to: at('2026-11-02T10:15:00') };
    expect(splitAtLastMidnight(range, taipei)).toEqual({
      days: { from: range.from, to: at('2026-11-02T00:00:00') },
      rest: { from: at('2026-11-02T00:00:00'), to: range.to },
    });
  });

  it('has no rest when the range ends at a midnight, no days within one day', () => {
    const whole = { from: at('2026-11-01T00:00:00'), to: at('2026-11-03T00:00:00') };
    expect(splitAtLastMidnight(whole, taipei).rest).toEqual({ from: whole.to, to: whole.to });
    const part = { from: at('2026-11-01T00:00:00'), to: at('2026-11-01T10:15:00') };
    expect(splitAtLastMidnight(part, taipei)).toEqual({
      days: { from: part.from, to: part.from },
      rest: part,
    });
  });

  it('uses the zone’s midnight, not UTC’s', () => {
    const range = { from: at('2026-11-01T00:00:00'), to: Date.parse('2026-11-02T00:00:00Z') };
    expect(splitAtLastMidnight(range, taipei).days.to).toBe(at('2026-11-02T00:00:00'));
  });

  it('leaves an empty range empty', () => {
    const empty = { from: 5, to: 5 };
    expect(splitAtLastMidnight(empty, taipei)).toEqual({ days: empty, rest: empty });
  });
});
