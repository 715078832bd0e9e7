import { BILL_LINES } from '@wattboard/contract';
import type { BillFigures } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import {
  formatLine,
  formatPercentDifference,
  lineDifference,
  outsideGoal,
  shownLines,
} from './bill-lines';

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

describe('shownLines', () => {
  const TIME_OF_USE = ['kwhHalfPeak', 'kwhSaturdayHalfPeak', 'kwhOffPeak'];
  const others = BILL_LINES.filter((line) => !TIME_OF_USE.includes(line));
  it.each([
    // case, allDay, entered, ours, lines shown, the first line's label
    ['time-of-use', false, {}, { kwhOffPeak: 0 }, BILL_LINES, 'kwhPeak'],
    ['older server (no allDay)', undefined, {}, {}, BILL_LINES, 'kwhPeak'],
    [
      'flat: all day, no other kWh line',
      true,
      { kwhPeak: 900 },
      { kwhOffPeak: 0 },
      others,
      'kwhAllDay',
    ],
    [
      'flat, an off-peak figure typed in: still shown',
      true,
      { kwhOffPeak: 12 },
      { kwhOffPeak: 0 },
      [...others.slice(0, 1), 'kwhOffPeak', ...others.slice(1)],
      'kwhAllDay',
    ],
    [
      'flat, ours has half-peak kWh (an earlier time-of-use version in the period)',
      true,
      {},
      { kwhHalfPeak: 40 },
      [...others.slice(0, 1), 'kwhHalfPeak', ...others.slice(1)],
      'kwhAllDay',
    ],
  ] as [
    string,
    boolean | undefined,
    Partial<BillFigures>,
    Partial<BillFigures>,
    string[],
    string,
  ][])('%s', (_, allDay, entered, ours, lines, firstLabel) => {
    const shown = shownLines({ allDay, entered: figures(entered), ours: figures(ours) });
    expect(shown.map((s) => s.line)).toEqual(lines);
    expect(shown[0]).toEqual({ line: 'kwhPeak', labelKey: `admin.bills.line.${firstLabel}` });
    // Only the peak line is renamed.
    expect(shown.slice(1).every((s) => s.labelKey === `admin.bills.line.${s.line}`)).toBe(true);
  });
});
