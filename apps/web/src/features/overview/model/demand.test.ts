import { describe, expect, it } from 'vitest';
import { capacityShare, capacityState, gaugeWidth } from './demand';

describe('capacityShare', () => {
  it('is the demand against the contract capacity in percent', () => {
    expect(capacityShare(400, 800)).toBe(50);
    expect(capacityShare(880, 800)).toBeCloseTo(110);
  });

  it('is unknown without a demand or a usable capacity', () => {
    expect(capacityShare(null, 800)).toBeNull();
    expect(capacityShare(400, null)).toBeNull();
    expect(capacityShare(400, 0)).toBeNull();
  });
});

describe('capacityState', () => {
  it('warns from 90 % and alarms above the capacity', () => {
    expect(capacityState(719.9, 800)).toBe('ok');
    expect(capacityState(720, 800)).toBe('near');
    expect(capacityState(800, 800)).toBe('near');
    expect(capacityState(800.1, 800)).toBe('over');
    expect(capacityState(10, null)).toBe('none');
  });
});

describe('gaugeWidth', () => {
  it('stays within the track', () => {
    expect(gaugeWidth(45.5)).toBe(45.5);
    expect(gaugeWidth(130)).toBe(100);
    expect(gaugeWidth(-5)).toBe(0);
    expect(gaugeWidth(null)).toBe(0);
  });
});
