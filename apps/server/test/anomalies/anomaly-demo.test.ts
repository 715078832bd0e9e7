import { describe, expect, it } from 'vitest';
import type { BaselineDayType } from '@wattboard/contract';
import { addDays, weekdayOf, ZoneClock } from '@wattboard/zone-time';
import { wasteHistory } from '../../src/modules/simulator/index.ts';
import { dayProfiles, medianProfile, baselineDays } from '../../src/modules/baseline/index.ts';
import {
  DEFAULT_ANOMALY_RULE,
  freshState,
  judgeQuarters,
  type AnomalyChange,
} from '../../src/modules/anomalies/calc/detect.ts';
import { demoModel, TEST_SEED } from '../simulator/demo-model.ts';

const byWeekday = (date: string): BaselineDayType =>
  weekdayOf(date) === 0 ? 'sundayHoliday' : weekdayOf(date) === 6 ? 'saturday' : 'weekday';
const DAY = 86_400_000;

/**
 * The detector with the default rule over the demo factory's circuits, with
 * the simulator's labelled waste (a load left on, switched off late, a
 * leak growing) and two meter outages per circuit: how often it speaks, and
 * how often about an injected case. Judged from the 22nd day (three weeks of
 * typical day), as the server judges: quarter by quarter, in order.
 */
describe('anomaly events on the demo factory’s simulated circuits', () => {
  it('speaks about injected waste, and rarely otherwise', () => {
    const history = wasteHistory(demoModel(), {
      firstDay: '2025-12-01',
      days: 63,
      seed: TEST_SEED,
      outagesPerCircuit: 2,
    });
    const clock = new ZoneClock('Asia/Taipei');
    const partsOf = (t: number) => clock.localParts(t);
    const judgedFrom = history.from + 21 * DAY;
    const opened: Array<{ nodeId: number; open: Extract<AnomalyChange, { type: 'open' }> }> = [];
    for (const [nodeId, series] of history.series) {
      const rows = series.map((q) => ({
        start: q.start,
        kwhForward: Math.max(0, q.kw) / 4,
        kwhReverse: 0,
        samples: 15,
      }));
      const profiles = dayProfiles(rows, partsOf);
      const typical = new Map<string, ReadonlyMap<number, number>>();
      const typicalKw = (start: number) => {
        const { date, minuteOfDay } = partsOf(start);
        let day = typical.get(date);
        if (!day) {
          day = medianProfile(baselineDays(date, byWeekday, profiles), profiles);
          typical.set(date, day);
        }
        return day.get(minuteOfDay - (minuteOfDay % 15)) ?? null;
      };
      const quarters = series
        .filter((q) => q.start >= judgedFrom)
        .map((q) => ({ start: q.start, kw: Math.max(0, q.kw), baselineKw: typicalKw(q.start) }));
      const { changes } = judgeQuarters(freshState(judgedFrom), quarters, DEFAULT_ANOMALY_RULE);
      for (const change of changes)
        if (change.type === 'open') opened.push({ nodeId, open: change });
    }
    const cases = history.labels.filter((l) => l.to > judgedFrom && l.kind !== 'creep');
    const explains = (nodeId: number, at: number) =>
      history.labels.some((l) => l.nodeId === nodeId && at >= l.from && at <= l.to + DAY / 4);
    const explained = opened.filter((o) => explains(o.nodeId, o.open.since));
    const seen = cases.filter((l) =>
      opened.some((o) => o.nodeId === l.nodeId && o.open.since >= l.from && o.open.since <= l.to),
    );
    const pointWeeks = (history.series.size * (history.to - judgedFrom)) / (7 * DAY);
    const unexplainedPerPointWeek = (opened.length - explained.length) / pointWeeks;
    console.log(
      `[anomalies] ${opened.length} events over ${pointWeeks.toFixed(0)} point-weeks from ` +
        `${addDays('2025-12-01', 21)}; ${explained.length} during an injected case; ` +
        `${seen.length} of ${cases.length} off-hours/overrun cases seen; ` +
        `${unexplainedPerPointWeek.toFixed(2)} others per point and week`,
    );
    // Measured 2026-11-29: 27 of 29 seen, 0.84 others per point and week (the EV charger's and
    // the CNC machines' random use; docs/waste.md).
    expect(seen.length / cases.length).toBeGreaterThanOrEqual(0.85);
    expect(unexplainedPerPointWeek).toBeLessThanOrEqual(1);
  });
});
