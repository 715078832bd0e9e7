import { describe, expect, it } from 'vitest';
import { formatChange, usageTrend } from './usage';

describe('usageTrend', () => {
  it('tells more from less and ignores rounding noise', () => {
    expect(usageTrend(12.5)).toBe('up');
    expect(usageTrend(-0.01)).toBe('down');
    expect(usageTrend(0.0004)).toBe('flat');
    expect(usageTrend(-0.0004)).toBe('flat');
    expect(usageTrend(0)).toBe('flat');
  });
});

describe('formatChange', () => {
  it('signs the kWh and the percentage', () => {
    expect(formatChange(12.46, 4.21, 'en')).toBe('+12.5 kWh (+4.2%)');
    expect(formatChange(-1520.5, -10, 'en')).toBe('-1,520.5 kWh (-10%)');
    expect(formatChange(-3, -1.25, 'zh')).toBe('-3 kWh (-1.3%)');
  });

  it('leaves the percentage out when the previous period used nothing', () => {
    expect(formatChange(40, null, 'en')).toBe('+40 kWh');
  });

  it('shows no sign for no change', () => {
    expect(formatChange(0.0001, 0, 'en')).toBe('0 kWh (0%)');
  });
});
