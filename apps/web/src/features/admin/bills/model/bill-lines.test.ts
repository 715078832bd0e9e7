import { BILL_LINES } from '@wattboard/contract';
import type { BillFigures } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { formatLine, formatPercentDifference, lineDifference, outsideGoal } from './bill-lines';

const figures = (values: Partial<BillFigures>): BillFigures => ({
  ...(Object.fromEntries(BILL_LINES.map((line) => [line, null])) as BillFigures),
  ...values,
});

describe('bill lines', () => {
  it('marks only a difference past half a per cent, either way', () => {
    expect(outsideGoal(0.5)).toBe(false);
    expect(outsideGoal(-0.5)).toBe(false);
    expect(outsideGoal(0.501)).toBe(true);
    expect(outsideGoal(-0.7)).toBe(true);
    expect(outsideGoal(null)).toBe(false);
  });

  it('differs line by line only where both sides have the line, without float noise', () => {
    const entered = figures({ energyCharge: 0.3, kwhPeak: 100.1, penalty: 10 });
    const ours = figures({ energyCharge: 0.6, kwhPeak: 100.3 });
    expect(lineDifference('energyCharge', entered, ours)).toBe(0.3);
    expect(lineDifference('kwhPeak', entered, ours)).toBe(0.2);
    expect(lineDifference('penalty', entered, ours)).toBeNull();
  });

  it('writes each line in its unit, money as a bill does', () => {
    expect(formatLine('kwhOffPeak', 80000, 'en')).toBe('80,000 kWh');
    expect(formatLine('maxDemandKw', 812.4, 'en')).toBe('812.4 kW');
    expect(formatLine('powerFactorPercent', 97, 'en')).toBe('97 %');
    expect(formatLine('total', 503250, 'en')).toBe('NT$503,250');
    expect(formatLine('total', 503250, 'zh')).toBe('新臺幣 503,250 元');
    expect(formatLine('penalty', null, 'en')).toBe('—');
    expect(formatPercentDifference(0.9, 'en')).toBe('+0.90 %');
    expect(formatPercentDifference(-0.25, 'zh')).toBe('-0.25 %');
  });
});
