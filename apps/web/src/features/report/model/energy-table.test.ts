import { energyFigures } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { ENERGY_COLUMNS, energyColumnsFor, intervalPattern } from './energy-table';
import { formatFactoryTime } from './format';

describe('energy table', () => {
  it('has a column for every figure of the contract', () => {
    // cost (#15) is the table's money column, written in the page's currency format.
    const figures = Object.keys(energyFigures.shape).filter(
      (key) => key !== 'channelId' && key !== 'cost',
    );
    expect(ENERGY_COLUMNS.map((column) => column.field).sort()).toEqual(figures.sort());
  });

  it('shows the kvarh column only when a figure has kvarh', () => {
    const figure = {
      channelId: 1,
      kwhForward: 1,
      kwhReverse: 0,
      kwhNet: 1,
      co2KG: 0.5,
      maxKW: null,
      averageKW: 1,
      cost: null,
    };
    const fields = (figures: (typeof figure & { kvarhLagging?: number | null })[]) =>
      energyColumnsFor(ENERGY_COLUMNS, figures).map((column) => column.field);
    expect(fields([figure, { ...figure, kvarhLagging: null }])).not.toContain('kvarhLagging');
    expect(fields([figure, { ...figure, kvarhLagging: 0 }])).toContain('kvarhLagging');
    expect(fields([])).toHaveLength(ENERGY_COLUMNS.length - 1);
  });

  it('writes an interval start to the precision of the interval, in the factory zone', () => {
    const start = '2026-11-21T13:00:00+08:00';
    const show = (interval: Parameters<typeof intervalPattern>[0]) =>
      formatFactoryTime(start, 'Asia/Taipei', intervalPattern(interval));
    expect(show('quarterHour')).toBe('2026/11/21 13:00');
    expect(show('hour')).toBe('2026/11/21 13:00');
    expect(show('day')).toBe('2026/11/21');
    expect(show('month')).toBe('2026/11');
  });
});
