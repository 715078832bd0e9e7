import { describe, expect, it } from 'vitest';
import {
  allowedKw,
  awayDirection,
  DEFAULT_ANOMALY_RULE,
  freshState,
  judgeQuarters,
  type JudgedQuarter,
} from '../../src/modules/anomalies/calc/detect.ts';
import { judgedQuarters } from '../../src/modules/anomalies/calc/quarters.ts';
import { anomalyTexts } from '../../src/modules/anomalies/calc/texts.ts';

const Q = 15 * 60_000;
const T0 = Date.parse('2026-11-23T00:00:00Z');
const rule = DEFAULT_ANOMALY_RULE; // 30 %, 3 kW, 60 minutes

/** Quarters from T0, one per kW given (null: unmeasured), each against a typical 20 kW. */
const quarters = (kws: (number | null)[], baselineKw: number | null = 20): JudgedQuarter[] =>
  kws.map((kw, i) => ({ start: T0 + i * Q, kw, baselineKw }));

describe('the margin', () => {
  it('is the larger of the share and the minimum kW', () => {
    expect(allowedKw(20, rule)).toBe(6);
    expect(allowedKw(2, rule)).toBe(3);
    expect(allowedKw(-20, rule)).toBe(6);
  });

  it('a point just at the margin is not away; just beyond it is', () => {
    expect(awayDirection(26, 20, rule)).toBeNull();
    expect(awayDirection(14, 20, rule)).toBeNull();
    expect(awayDirection(26.01, 20, rule)).toBe('above');
    expect(awayDirection(13.99, 20, rule)).toBe('below');
    // A load off at night: only the minimum counts.
    expect(awayDirection(3, 0, rule)).toBeNull();
    expect(awayDirection(3.5, 0, rule)).toBe('above');
  });
});

describe('judging quarters', () => {
  it('opens after exactly the duration, not a quarter before', () => {
    const three = judgeQuarters(freshState(T0), quarters([30, 30, 30]), rule);
    expect(three.changes).toEqual([]);
    expect(three.state).toMatchObject({ status: 'normal', runDirection: 'above', runStart: T0 });
    const four = judgeQuarters(three.state, quarters([30, 30, 30, 31]), rule);
    expect(four.changes).toEqual([
      { type: 'open', direction: 'above', since: T0, at: T0 + 4 * Q, kw: 31, baselineKw: 20 },
    ]);
    expect(four.state).toMatchObject({ status: 'anomaly', direction: 'above', since: T0 });
    expect(four.state.judgedTo).toBe(T0 + 4 * Q);
  });

  it('judges each quarter once: the same quarters again change nothing', () => {
    const first = judgeQuarters(freshState(T0), quarters([30, 30, 30, 30, 30]), rule);
    expect(first.changes).toHaveLength(1);
    const again = judgeQuarters(first.state, quarters([30, 30, 30, 30, 30]), rule);
    expect(again).toEqual({ state: first.state, changes: [] });
  });

  it('recovery within the margin clears; a new run may open the next episode', () => {
    const kws = [10, 10, 10, 10, 10, 25, 10, 10, 10, 10];
    const { changes, state } = judgeQuarters(freshState(T0), quarters(kws), rule);
    expect(changes.map((c) => [c.type, c.direction, c.at])).toEqual([
      ['open', 'below', T0 + 4 * Q],
      ['clear', 'below', T0 + 6 * Q],
      ['open', 'below', T0 + 10 * Q],
    ]);
    expect(state.since).toBe(T0 + 6 * Q);
  });

  it('away the other way ends the episode and starts a run the other way', () => {
    const kws = [30, 30, 30, 30, 5, 5, 5, 5];
    const { changes } = judgeQuarters(freshState(T0), quarters(kws), rule);
    expect(changes.map((c) => [c.type, c.direction, c.at])).toEqual([
      ['open', 'above', T0 + 4 * Q],
      ['clear', 'above', T0 + 5 * Q],
      ['open', 'below', T0 + 8 * Q],
    ]);
  });

  it('no baseline yet: nothing opens, however far the load is', () => {
    const { changes, state } = judgeQuarters(
      freshState(T0),
      quarters([90, 90, 90, 90, 90], null),
      rule,
    );
    expect(changes).toEqual([]);
    expect(state).toMatchObject({ status: 'normal', runStart: null, judgedTo: T0 + 5 * Q });
  });

  it('a gap breaks a run (an unmeasured or missing quarter), but does not clear an open episode', () => {
    const unmeasured = judgeQuarters(freshState(T0), quarters([30, 30, null, 30, 30]), rule);
    expect(unmeasured.changes).toEqual([]);
    const missing = quarters([30, 30, 30, 30, 30, 30]).filter((_, i) => i !== 2);
    expect(judgeQuarters(freshState(T0), missing, rule).changes).toEqual([]);

    const open = judgeQuarters(freshState(T0), quarters([30, 30, 30, 30]), rule).state;
    const later = [null, 30].map((kw, i) => ({ start: T0 + (4 + i) * Q, kw, baselineKw: 20 }));
    const afterGap = judgeQuarters(open, later, rule);
    expect(afterGap.changes).toEqual([]);
    expect(afterGap.state).toMatchObject({ status: 'anomaly', since: T0 });
  });

  it('a state far behind starts its run afresh at the first quarter it gets', () => {
    const old = { ...freshState(T0), runDirection: 'above' as const, runStart: T0 - 8 * Q };
    const { changes } = judgeQuarters(old, quarters([0, 30, 30, 30]).slice(1), rule);
    expect(changes).toEqual([]);
  });

  it('a longer duration waits longer', () => {
    const rule2h = { ...rule, minutes: 120 };
    const kws = Array.from({ length: 8 }, () => 30);
    const { changes } = judgeQuarters(freshState(T0), quarters(kws), rule2h);
    expect(changes.map((c) => c.at)).toEqual([T0 + 8 * Q]);
  });
});

describe('the quarters judged', () => {
  it('are every quarter of the range: measured kW, or null without a reading of its own', () => {
    const rows = [
      { start: T0, kwhForward: 5, kwhReverse: 1, samples: 15 },
      { start: T0 + Q, kwhForward: 5, kwhReverse: 0, samples: 0 },
    ];
    const typical = (start: number) => (start === T0 + 2 * Q ? null : 12);
    expect(judgedQuarters(rows, { from: T0, to: T0 + 3 * Q + 60_000 }, typical)).toEqual([
      { start: T0, kw: 16, baselineKw: 12 },
      { start: T0 + Q, kw: null, baselineKw: 12 },
      { start: T0 + 2 * Q, kw: null, baselineKw: null },
    ]);
  });
});

describe('export', () => {
  it('counts as zero: a solar inverter under a cloud draws nothing, it is not news', () => {
    const rows = [{ start: T0, kwhForward: 0, kwhReverse: 5, samples: 15 }];
    expect(judgedQuarters(rows, { from: T0, to: T0 + Q }, () => 0)).toEqual([
      { start: T0, kw: 0, baselineKw: 0 },
    ]);
  });
});

describe('the words', () => {
  const node = { name: 'Air Compressor 1', chName: '空壓機 1' };
  it('say how far above, by what share, and since when, in both languages', () => {
    expect(
      anomalyTexts({
        node,
        direction: 'above',
        kw: 45.24,
        baselineKw: 32.7,
        since: '2026/11/23 09:15',
      }),
    ).toEqual({
      titleEn: 'Anomaly: Air Compressor 1',
      descEn:
        'Air Compressor 1 has drawn 45.2 kW since 2026/11/23 09:15, 12.5 kW (38 %) above its typical 32.7 kW.',
      titleZh: '用電異常：空壓機 1',
      descZh: '空壓機 1 自 2026/11/23 09:15 起用電 45.2 kW，比平常的 32.7 kW 高 12.5 kW（38%）。',
    });
  });

  it('leave out the share of a nil typical load, and say below', () => {
    const low = anomalyTexts({ node, direction: 'above', kw: 6, baselineKw: 0.2, since: 'x' });
    expect(low.descEn).toBe(
      'Air Compressor 1 has drawn 6 kW since x, 5.8 kW above its typical 0.2 kW.',
    );
    const below = anomalyTexts({ node, direction: 'below', kw: 2, baselineKw: 20, since: 'x' });
    expect(below.descEn).toContain('18 kW (90 %) below its typical 20 kW');
    expect(below.descZh).toContain('低 18 kW（90%）');
  });
});
