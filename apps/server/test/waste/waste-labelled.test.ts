import { describe, expect, it } from 'vitest';
import type { BaselineDayType } from '@wattboard/contract';
import { weekdayOf, ZoneClock } from '@wattboard/zone-time';
import { wasteHistory } from '../../src/modules/simulator/index.ts';
import { DEMO_SHIFTS, findWaste, scoreFindings } from '../../src/modules/waste/index.ts';
import { demoModel, TEST_SEED } from '../simulator/demo-model.ts';

const byWeekday = (date: string): BaselineDayType =>
  weekdayOf(date) === 0 ? 'sundayHoliday' : weekdayOf(date) === 6 ? 'saturday' : 'weekday';

/**
 * The waste finder on the demo factory's circuits with the simulator's labelled
 * cases (a smaller run than BENCH_PARTS=waste's 90 days): the goal, at
 * least 90 % of cases found within a day and at most 5 % of findings false.
 */
describe('waste finder on labelled simulator cases', () => {
  it('finds ≥ 90 % of injected cases within a day, with ≤ 5 % false findings', () => {
    const history = wasteHistory(demoModel(), {
      firstDay: '2025-12-01',
      days: 63,
      seed: TEST_SEED,
      outagesPerCircuit: 2,
    });
    const clock = new ZoneClock('Asia/Taipei');
    const findings = findWaste({
      points: [...history.series].map(([pointId, quarters]) => ({ pointId, quarters })),
      partsOf: (t) => clock.localParts(t),
      dayTypeOf: byWeekday,
      shifts: DEMO_SHIFTS,
      standby: false,
    });
    const score = scoreFindings(history.labels, findings);
    expect(score.cases).toBeGreaterThanOrEqual(25);
    expect(new Set(history.labels.map((l) => l.kind))).toEqual(
      new Set(['offHours', 'overrun', 'creep']),
    );
    const detail = { missed: score.missed, unexplained: score.unexplained };
    expect(score.found / score.cases, JSON.stringify(detail)).toBeGreaterThanOrEqual(0.9);
    expect(score.falseFindings / score.findings, JSON.stringify(detail)).toBeLessThanOrEqual(0.05);
    // Ranked: most kWh per week first.
    const perWeek = findings.map((f) => f.kwhPerWeek);
    expect(perWeek).toEqual([...perWeek].sort((a, b) => b - a));
  });
});

describe('scoreFindings', () => {
  const day = 86_400_000;
  const label = { nodeId: 1, kind: 'offHours' as const, from: 10 * day, to: 12 * day };
  const finding = { pointId: 1, kind: 'offHours' as const, start: 10 * day, end: 11 * day };
  const f = (over: object) => ({ ...finding, kwh: 1, kwhPerWeek: 1, ...over });

  it('finds a case by point, kind, overlap and a start within a day', () => {
    expect(scoreFindings([label], [f({})]).found).toBe(1);
    expect(scoreFindings([label], [f({ start: 11.5 * day, end: 12 * day })]).found).toBe(0);
    expect(scoreFindings([label], [f({ kind: 'overrun' })]).found).toBe(0);
    expect(scoreFindings([label], [f({ pointId: 2 })]).found).toBe(0);
    // A creep is found by overlap alone: it cannot be dated to the day.
    const creep = { ...label, kind: 'creep' as const, to: 40 * day };
    expect(scoreFindings([creep], [f({ kind: 'creep', start: 25 * day })]).found).toBe(1);
  });

  it('counts as false only findings that overlap no case of their point', () => {
    const score = scoreFindings(
      [label],
      [f({ kind: 'overrun' }), f({ pointId: 2 }), f({ start: 20 * day, end: 21 * day })],
    );
    expect(score.falseFindings).toBe(2);
    expect(scoreFindings([], []).falseFindings).toBe(0);
  });
});
