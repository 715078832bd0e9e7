import { describe, expect, it } from 'vitest';
import { billingPeriod, peakVsContract, projectionBasisKey, tariffName } from './cost';

describe('peakVsContract', () => {
  it('is unknown without a peak, a capacity, or with a capacity of 0', () => {
    const unknown = { state: 'unknown', sharePercent: null, overKw: null };
    expect(peakVsContract(null, 800)).toEqual(unknown);
    expect(peakVsContract(500, null)).toEqual(unknown);
    expect(peakVsContract(500, 0)).toEqual(unknown);
  });

  it('is within at or under the capacity', () => {
    expect(peakVsContract(400, 800)).toEqual({ state: 'within', sharePercent: 50, overKw: 0 });
    expect(peakVsContract(800, 800)).toEqual({ state: 'within', sharePercent: 100, overKw: 0 });
    expect(peakVsContract(0, 800)).toEqual({ state: 'within', sharePercent: 0, overKw: 0 });
  });

  it('is over above the capacity, with the kW the penalty is charged on', () => {
    const over = peakVsContract(880.5, 800);
    expect(over.state).toBe('over');
    expect(over.overKw).toBeCloseTo(80.5);
    expect(over.sharePercent).toBeCloseTo(110.0625);
  });
});

describe('cost card texts', () => {
  it('explain the projection by its basis', () => {
    expect(projectionBasisKey(7)).toBe('cost.overview.basisDays');
    expect(projectionBasisKey(1)).toBe('cost.overview.basisDays');
    expect(projectionBasisKey(0)).toBe('cost.overview.basisToday');
  });

  it('name the tariff in the page language, English when there is no Chinese name', () => {
    const tariff = { name: 'Three-stage TOU', nameZh: '三段式時間電價' };
    expect(tariffName(tariff, true)).toBe('三段式時間電價');
    expect(tariffName(tariff, false)).toBe('Three-stage TOU');
    expect(tariffName({ name: 'Custom', nameZh: ' ' }, true)).toBe('Custom');
  });
});

describe('billingPeriod', () => {
  it('shows both days in the app style, or nothing when either is missing', () => {
    expect(billingPeriod('2026-11-05', '2026-12-04')).toEqual({
      from: '2026/11/05',
      to: '2026/12/04',
    });
    expect(billingPeriod(undefined, '2026-12-04')).toBeNull();
    expect(billingPeriod(undefined, undefined)).toBeNull();
  });
});
