import type { WasteFindingItem } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { findingKey, findingPeriod, kindKey, weekTotals } from './findings';

const finding = (over: Partial<WasteFindingItem>): WasteFindingItem => ({
  nodeId: 3,
  chName: '空壓機',
  name: 'Compressor',
  kind: 'offHours',
  start: '2026-11-21T22:00:00+08:00',
  end: '2026-11-23T06:00:00+08:00',
  kwh: 282,
  kwhPerWeek: 282,
  costPerWeek: 1128,
  co2KgPerWeek: 141,
  ...over,
});

describe('findingPeriod', () => {
  it('reads the factory-local wall clock from the text, whatever the offset', () => {
    expect(findingPeriod('2026-11-21T22:00:00+08:00', '2026-11-23T06:15:00+08:00')).toEqual({
      from: '2026/11/21 22:00',
      to: '2026/11/23 06:15',
    });
    expect(findingPeriod('2026-03-08T01:30:00-05:00', '2026-03-09T02:00:00-04:00').from).toBe(
      '2026/03/08 01:30',
    );
  });

  it('drops the end date on the same day', () => {
    expect(findingPeriod('2026-11-24T22:00:00+08:00', '2026-11-24T23:45:00+08:00')).toEqual({
      from: '2026/11/24 22:00',
      to: '23:45',
    });
  });

  it('shows text that is no time as it came', () => {
    expect(findingPeriod('soon', '2026-11-24T23:45:00+08:00')).toEqual({
      from: 'soon',
      to: '2026-11-24T23:45:00+08:00',
    });
  });
});

describe('weekTotals', () => {
  it('adds the weekly figures without float noise', () => {
    const totals = weekTotals([
      finding({ kwhPerWeek: 0.1, costPerWeek: 0.1, co2KgPerWeek: 0.1 }),
      finding({ kwhPerWeek: 0.2, costPerWeek: 0.2, co2KgPerWeek: 0.2 }),
    ]);
    expect(totals).toEqual({ count: 2, kwhPerWeek: 0.3, costPerWeek: 0.3, co2KgPerWeek: 0.3 });
  });

  it('has no cost when any finding has no price', () => {
    expect(weekTotals([finding({}), finding({ costPerWeek: null })]).costPerWeek).toBeNull();
  });

  it('is zero for no findings', () => {
    expect(weekTotals([])).toEqual({ count: 0, kwhPerWeek: 0, costPerWeek: 0, co2KgPerWeek: 0 });
  });
});

describe('keys', () => {
  it('names the kind in the locale files and tells findings apart', () => {
    expect(kindKey('overrun')).toBe('pages.waste.kinds.overrun');
    expect(findingKey(finding({}))).not.toBe(findingKey(finding({ kind: 'standby' })));
  });
});
