import { describe, expect, it } from 'vitest';
import {
  cachedNumberFormat,
  dayLabel,
  formatCompact,
  isCompactSize,
  numberFigure,
  formatInstant,
  displayDate,
  formatFixed,
  formatNumber,
  formatWithUnit,
  fractionDigitsFor,
  MISSING,
} from './format';

describe('formatNumber', () => {
  it('groups thousands and rounds by size', () => {
    expect(formatNumber(1520.56, 'en')).toBe('1,521');
    expect(formatNumber(220.44, 'en')).toBe('220.4');
    expect(formatNumber(0.946, 'en')).toBe('0.95');
    expect(formatNumber(-3.456, 'en')).toBe('-3.46');
  });

  it('formats for Traditional Chinese (Taiwan) too', () => {
    expect(formatNumber(12345.6, 'zh')).toBe(new Intl.NumberFormat('zh-TW').format(12346));
  });

  it('honours explicit decimals and drops trailing zeros', () => {
    expect(formatNumber(0.9, 'en', 2)).toBe('0.9');
    expect(formatNumber(42, 'en', 1)).toBe('42');
  });

  it('shows a dash for a missing value, and no unit with it', () => {
    expect(formatNumber(null, 'en')).toBe(MISSING);
    expect(formatNumber(undefined, 'zh')).toBe(MISSING);
    expect(formatWithUnit(null, 'kW', 'en')).toBe(MISSING);
    expect(formatWithUnit(41.25, 'kW', 'en')).toBe('41.3 kW');
  });

  it('chooses decimals by magnitude', () => {
    expect([fractionDigitsFor(9.99), fractionDigitsFor(10), fractionDigitsFor(1000)]).toEqual([
      2, 1, 0,
    ]);
  });
});

describe('formatFixed', () => {
  it('keeps trailing zeros so a column lines up', () => {
    expect(formatFixed(218, 'en', 1)).toBe('218.0');
    expect(formatFixed(0.9, 'zh', 2)).toBe('0.90');
    expect(formatFixed(undefined, 'en', 1)).toBe(MISSING);
  });
});

describe('displayDate', () => {
  it('displays dates as yyyy/MM/dd', () => {
    expect(displayDate('2026-11-21')).toBe('2026/11/21');
  });
});

describe('cachedNumberFormat', () => {
  it('builds one formatter per locale and options, and keeps them apart', () => {
    const twoPlaces = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    const first = cachedNumberFormat('en-US', twoPlaces);
    expect(cachedNumberFormat('en-US', { ...twoPlaces })).toBe(first);
    expect(cachedNumberFormat('zh-TW', twoPlaces)).not.toBe(first);
    const signed = cachedNumberFormat('en-US', { ...twoPlaces, signDisplay: 'exceptZero' });
    expect(signed).not.toBe(first);
    expect(signed.format(1.5)).toBe('+1.50');
    expect(first.format(1.5)).toBe('1.50');
  });
});

// Issue #23 item 16: one formatter for every date, the same style in both languages.
describe('formatInstant', () => {
  const instant = '2026-11-21T06:05:09Z';
  it("writes the app's patterns on the factory's clock", () => {
    expect(formatInstant(instant, 'Asia/Taipei', 'date')).toBe('2026/11/21');
    expect(formatInstant(instant, 'Asia/Taipei', 'dateTime')).toBe('2026/11/21 14:05');
    expect(formatInstant(instant, 'Asia/Taipei', 'dateTimeSeconds')).toBe('2026/11/21 14:05:09');
    expect(formatInstant(instant, 'Asia/Taipei', 'time')).toBe('14:05');
    expect(formatInstant(Date.parse(instant), 'UTC', 'timeSeconds')).toBe('06:05:09');
    expect(formatInstant(new Date(instant), 'Asia/Taipei', 'dayLabel')).toBe('21 Nov 2026');
  });

  it('crosses midnight with the zone', () => {
    expect(formatInstant('2026-11-21T20:00:00Z', 'Asia/Taipei', 'date')).toBe('2026/11/22');
  });

  it('shows a text that is no date as it came', () => {
    expect(formatInstant('soon', 'UTC', 'dateTime')).toBe('soon');
  });
});

describe('dayLabel', () => {
  it('names a calendar day with an English month, whatever the zone of this PC', () => {
    expect(dayLabel('2024-10-28')).toBe('28 Oct 2024');
    expect(dayLabel('2024-01-01')).toBe('01 Jan 2024');
    expect(dayLabel('28 Oct 2024')).toBe('28 Oct 2024');
  });
});

// Issue #23 item 1: big numbers fit their card.
describe('compact figures', () => {
  it.each([
    [932_050, 'zh', '93.2萬'],
    [932_050, 'en', '932.1K'],
    [9_999.95, 'zh', '1萬'],
    [999_950, 'en', '1M'],
    [99_999_999, 'zh', '1億'],
    [123_456_789, 'zh', '1.23億'],
    [12_345_678, 'zh', '1,234.6萬'],
    [1_234_567_890, 'en', '1.23B'],
    [-932_050, 'zh', '-93.2萬'],
    [-932_050, 'en', '-932.1K'],
    [950, 'en', '950'],
    [10_000, 'zh', '1萬'],
  ])('%s in %s is %s', (value, language, text) => {
    expect(formatCompact(value, language)).toBe(text);
  });

  it('is a dash for a missing value', () => {
    expect(formatCompact(null, 'zh')).toBe('—');
  });

  it('is used in a card from 10,000 on, counted after rounding', () => {
    expect(isCompactSize(9_999.49)).toBe(false);
    expect(isCompactSize(9_999.5)).toBe(true);
    expect(isCompactSize(-10_000)).toBe(true);
    expect(isCompactSize(null)).toBe(false);
  });

  it('keeps the full text beside the compact one', () => {
    expect(numberFigure(1_234_567, 'kWh', 'en')).toEqual({
      full: '1,234,567 kWh',
      compact: '1.23M kWh',
    });
    expect(numberFigure(1_234_567, 'kWh', 'zh')).toEqual({
      full: '1,234,567 kWh',
      compact: '123.5萬 kWh',
    });
    expect(numberFigure(4_821, 'kWh', 'zh')).toEqual({ full: '4,821 kWh', compact: '4,821 kWh' });
    expect(numberFigure(null, 'kWh', 'en')).toEqual({ full: '—', compact: '—' });
  });
});
