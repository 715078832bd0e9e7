import { describe, expect, it } from 'vitest';
import {
  currencyUnit,
  formatAmount,
  formatMoney,
  formatMoneyCompact,
  formatRate,
  moneyDigits,
  moneyFigure,
} from './money';

describe('formatMoney', () => {
  it.each([
    [1234.4, 'en', 'NT$1,234'],
    [1234.5, 'en', 'NT$1,235'],
    [8.4, 'en', 'NT$8.40'],
    [0, 'en', 'NT$0.00'],
    [999.996, 'en', 'NT$1,000.00'],
    [-12.5, 'en', '-NT$12.50'],
    [1234567, 'zh', '新臺幣 1,234,567 元'],
    [8.4, 'zh', '新臺幣 8.40 元'],
    [-12.5, 'zh', '新臺幣 -12.50 元'],
  ])('%s in %s reads %s', (value, language, text) => {
    expect(formatMoney(value, 'TWD', language)).toBe(text);
  });

  it('takes zh-TW and en-US language tags as their language', () => {
    expect(formatMoney(5, 'TWD', 'zh-TW')).toBe('新臺幣 5.00 元');
    expect(formatMoney(5, 'TWD', 'en-US')).toBe('NT$5.00');
  });

  it('keeps a fixed precision when told (a table column)', () => {
    expect(formatMoney(12345.678, 'TWD', 'en', { digits: 2 })).toBe('NT$12,345.68');
    expect(formatMoney(3.2, 'TWD', 'zh', { digits: 0 })).toBe('新臺幣 3 元');
  });

  it('writes other currencies with their symbol in English and their code in Chinese', () => {
    expect(formatMoney(10, 'USD', 'en')).toBe('$10.00');
    expect(formatMoney(10, 'USD', 'zh').replace(/\s/g, ' ')).toBe('USD 10.00');
  });

  it('shows a dash for a missing or non-finite amount', () => {
    expect(formatMoney(null, 'TWD', 'en')).toBe('—');
    expect(formatMoney(undefined, 'TWD', 'zh')).toBe('—');
    expect(formatMoney(Number.NaN, 'TWD', 'en')).toBe('—');
    expect(formatMoney(Infinity, 'TWD', 'en')).toBe('—');
  });
});

describe('money helpers', () => {
  it('round bills to whole dollars from 1,000 up, keep cents below', () => {
    expect(moneyDigits(999.99)).toBe(2);
    expect(moneyDigits(1000)).toBe(0);
    expect(moneyDigits(-1000)).toBe(0);
  });

  it('format a bare amount for a cell whose header names the currency', () => {
    expect(formatAmount(1234.5, 'en')).toBe('1,235');
    expect(formatAmount(4.5, 'zh')).toBe('4.50');
    expect(formatAmount(null, 'en')).toBe('—');
    expect(currencyUnit('TWD', 'en')).toBe('NT$');
    expect(currencyUnit('TWD', 'zh')).toBe('元');
    expect(currencyUnit('EUR', 'zh')).toBe('EUR');
  });

  it('format a rate with its published decimals and unit', () => {
    expect(formatRate(4.08, 'TWD', 'kWh', 'en')).toBe('NT$4.08 / kWh');
    expect(formatRate(236.2, 'TWD', 'kW', 'en')).toBe('NT$236.20 / kW');
    expect(formatRate(1.745, 'TWD', 'kWh', 'zh')).toBe('新臺幣 1.745 元 / kWh');
    expect(formatRate(null, 'TWD', 'kWh', 'en')).toBe('—');
  });
});

// Issue #23 item 1: "新臺幣 932,050 元" ran out of the Overview cost card.
describe('compact money', () => {
  it.each([
    [932_050, 'zh', '新臺幣 93.2 萬元'],
    [932_050, 'en', 'NT$932.1K'],
    [9_999.95, 'zh', '新臺幣 1 萬元'],
    [9_999.95, 'en', 'NT$10K'],
    [999_950, 'en', 'NT$1M'],
    // A month's bill of a mid-size plant: "NT$1M" hid NT$40,000 of it.
    [1_040_000, 'en', 'NT$1.04M'],
    [1_040_000, 'zh', '新臺幣 104 萬元'],
    [12_345, 'zh', '新臺幣 1.23 萬元'],
    [99_999_999, 'zh', '新臺幣 1 億元'],
    [-932_050, 'zh', '新臺幣 -93.2 萬元'],
    [-932_050, 'en', '-NT$932.1K'],
    [968.41, 'zh', '新臺幣 968.41 元'],
  ])('%s in %s reads %s', (value, language, text) => {
    expect(formatMoneyCompact(value, 'TWD', language)).toBe(text);
  });

  it('writes other currencies with their code in Chinese', () => {
    expect(formatMoneyCompact(25_000, 'USD', 'zh')).toMatch(/^USD\s?2\.5萬$/);
    expect(formatMoneyCompact(25_000, 'USD', 'en')).toBe('$25K');
  });

  it('is the card form from 10,000 on, the full amount kept', () => {
    expect(moneyFigure(932_050, 'TWD', 'zh')).toEqual({
      full: '新臺幣 932,050 元',
      compact: '新臺幣 93.2 萬元',
    });
    expect(moneyFigure(968.41, 'TWD', 'zh')).toEqual({
      full: '新臺幣 968.41 元',
      compact: '新臺幣 968.41 元',
    });
    expect(moneyFigure(null, 'TWD', 'en')).toEqual({ full: '—', compact: '—' });
  });
});
