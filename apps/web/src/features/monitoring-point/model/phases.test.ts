import { describe, expect, it } from 'vitest';
import { phaseColumns, phaseRows } from './phases';

const r = (voltage: number) => ({ voltage, current: 10, valueKw: 2 });

describe('phaseRows', () => {
  it('lists the phases in wiring order with their balance levels', () => {
    const rows = phaseRows(
      { c: r(3), a: r(1), b: r(2) },
      { valueKw: 6, level: { a: 'mid', b: 'high', c: 'low' } },
    );
    expect(rows.map((row) => [row.phase, row.level])).toEqual([
      ['a', 'mid'],
      ['b', 'high'],
      ['c', 'low'],
    ]);
  });

  it('handles delta, split-phase and single wiring without balance', () => {
    expect(phaseRows({ ca: r(1), ab: r(1), bc: r(1) }, null).map((row) => row.phase)).toEqual([
      'ab',
      'bc',
      'ca',
    ]);
    expect(phaseRows({ l2: r(1), l1: r(1) }, null).map((row) => row.level)).toEqual([null, null]);
    expect(phaseRows({ value: r(1) }, null)).toHaveLength(1);
    expect(phaseRows({}, null)).toEqual([]);
  });

  it('shows PF, temperature and balance columns only when some phase has them', () => {
    expect(phaseColumns(phaseRows({ value: r(1) }, null))).toEqual({
      pf: false,
      temperature: false,
      balance: false,
    });
    const rows = phaseRows(
      { a: { ...r(1), pf: 0.9 }, b: { ...r(1), temperature: 31 } },
      { valueKw: 1, level: { a: 'mid' } },
    );
    expect(phaseColumns(rows)).toEqual({ pf: true, temperature: true, balance: true });
  });
});
