import { describe, expect, it } from 'vitest';
import {
  reportFigures,
  TOP_CONSUMERS,
  type ReportInputs,
} from '../../src/modules/scheduled-reports/report-figures.ts';
import { flatCo2Rates } from '../../src/modules/carbon/index.ts';

const base: ReportInputs = {
  period: { from: '2026-11-01', to: '2026-11-03' },
  previousPeriod: { from: '2026-10-29', to: '2026-10-31' },
  co2Rates: flatCo2Rates(0.5),
  days: new Map(),
  previous: { forward: 0, reverse: 0 },
  peak: null,
  cost: null,
  nodes: [],
};

describe('report figures', () => {
  it('nets reverse energy, fills missing days with 0 and no peak, and prices per day', () => {
    const f = reportFigures({
      ...base,
      days: new Map([
        ['2026-11-01', { forward: 10, reverse: 2, peakKw: 5 }],
        ['2026-11-03', { forward: 0.1 + 0.2, reverse: 0, peakKw: 1 }],
        ['2026-11-04', { forward: 99, reverse: 0, peakKw: 99 }], // outside: ignored
      ]),
      previous: { forward: 4, reverse: 0 },
      cost: { days: new Map([['2026-11-01', 24.004]]), total: 24.9049 },
    });
    expect(f.days).toEqual([
      { date: '2026-11-01', kwh: 8, co2: 4, cost: 24, peakKw: 5 },
      { date: '2026-11-02', kwh: 0, co2: 0, cost: null, peakKw: null },
      { date: '2026-11-03', kwh: 0.3, co2: 0.15, cost: null, peakKw: 1 },
    ]);
    expect(f).toMatchObject({ kwh: 8.3, co2: 4.15, cost: 24.9, previousKwh: 4, changeKwh: 4.3 });
    expect(f.changePercent).toBe(107.5);
  });

  it('has no percentage against a previous period without energy', () => {
    const f = reportFigures({
      ...base,
      days: new Map([['2026-11-02', { forward: 3, reverse: 0, peakKw: 1 }]]),
    });
    expect(f).toMatchObject({
      kwh: 3,
      previousKwh: 0,
      changeKwh: 3,
      changePercent: null,
      cost: null,
    });
  });

  it('ranks consumers by energy (ties by id), keeps the top ten, shares of the total', () => {
    const nodes = Array.from({ length: 12 }, (_, i) => ({
      id: 12 - i,
      name: `N${12 - i}`,
      chName: `節點${12 - i}`,
      forward: i < 2 ? 5 : 1,
      reverse: 0,
    }));
    const f = reportFigures({
      ...base,
      days: new Map([['2026-11-01', { forward: 20, reverse: 0, peakKw: 1 }]]),
      nodes,
    });
    expect(f.topConsumers).toHaveLength(TOP_CONSUMERS);
    expect(f.topConsumers.slice(0, 3)).toEqual([
      { rank: 1, name: 'N11', chName: '節點11', kwh: 5, sharePercent: 25 },
      { rank: 2, name: 'N12', chName: '節點12', kwh: 5, sharePercent: 25 },
      { rank: 3, name: 'N1', chName: '節點1', kwh: 1, sharePercent: 5 },
    ]);
    const none = reportFigures({ ...base, nodes: nodes.slice(0, 1) });
    expect(none.topConsumers[0]!.sharePercent).toBeNull();
  });
});
