import { formatWallClock, wallClock } from '@wattboard/zone-time';
import { normalizeLanguage } from './i18n';

/** The Intl locale for numbers: Traditional Chinese (Taiwan) or English (US). */
export function numberLocale(language: string): string {
  return normalizeLanguage(language) === 'zh' ? 'zh-TW' : 'en-US';
}

/**
 * Decimals that keep a reading readable at every size: 2 below 10 (PF-like,
 * small kWh), 1 below 1,000 (volts, amps, kW), none above (large totals).
 */
export function fractionDigitsFor(value: number): number {
  const size = Math.abs(value);
  if (size < 10) return 2;
  if (size < 1000) return 1;
  return 0;
}

export const MISSING = '—';

/** A number for display in the given language; null/undefined show as a dash. */
export function formatNumber(
  value: number | null | undefined,
  language: string,
  digits: number = value === null || value === undefined ? 0 : fractionDigitsFor(value),
): string {
  if (value === null || value === undefined || Number.isNaN(value)) return MISSING;
  return cachedNumberFormat(numberLocale(language), {
    maximumFractionDigits: digits,
    minimumFractionDigits: 0,
  }).format(value);
}

// One formatter per locale and options: building an Intl.NumberFormat costs far
// more than formatting with it, and a page formats hundreds of numbers (issue #14;
// the Monitoring Point cost table's amounts were its largest script item on a phone).
const numberFormats = new Map<string, Intl.NumberFormat>();

/** Intl.NumberFormat for these options, built once per locale and options. */
export function cachedNumberFormat(
  locale: string,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A number with its unit, e.g. "1,520.5 kWh"; the unit is omitted for a missing value. */
export function formatWithUnit(
  value: number | null | undefined,
  unit: string,
  language: string,
): string {
  const text = formatNumber(value, language);
  return text === MISSING ? text : `${text} ${unit}`;
}

/** A number with exactly `digits` decimals, so a column of readings lines up (220.0, 219.8). */
export function formatFixed(
  value: number | null | undefined,
  language: string,
  digits: number,
): string {
  if (value === null || value === undefined || Number.isNaN(value)) return MISSING;
  return cachedNumberFormat(numberLocale(language), {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(value);
}

/** yyyy-MM-dd → yyyy/MM/dd, DATE_PATTERNS.date without a round trip through Date. */
export function displayDate(date: string): string {
  return date.replaceAll('-', '/');
}

/**
 * The app's date and time patterns, the same in both
 * languages so that one screen never mixes styles (issue #23 item 16): dates
 * in data are yyyy/MM/dd; a day shown as a label (the header clock, the
 * account's start) is dd MMM yyyy with English month names, like
 * "28 Oct 2024".
 */
export const DATE_PATTERNS = {
  date: 'yyyy/MM/dd',
  dateTime: 'yyyy/MM/dd HH:mm',
  dateTimeSeconds: 'yyyy/MM/dd HH:mm:ss',
  time: 'HH:mm',
  timeSeconds: 'HH:mm:ss',
  dayLabel: 'dd MMM yyyy',
} as const;

export type DateStyle = keyof typeof DATE_PATTERNS;

/**
 * An instant in one of the app's date styles, on the factory's clock when its
 * zone is known (else this PC's). A text that is no date is shown as it came,
 * so a server's odd value stays visible rather than becoming "Invalid Date".
 */
export function formatInstant(
  instant: string | number | Date,
  zone: string | null | undefined,
  style: DateStyle,
): string {
  const ms =
    typeof instant === 'string'
      ? Date.parse(instant)
      : typeof instant === 'number'
        ? instant
        : instant.getTime();
  if (Number.isNaN(ms)) return String(instant);
  return formatWallClock(wallClock(ms, zone ?? null), DATE_PATTERNS[style]);
}

/** A calendar day (yyyy-MM-dd) as a label, e.g. "28 Oct 2024"; other text as it came. */
export function dayLabel(day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day)
    ? formatInstant(`${day}T00:00:00Z`, 'UTC', 'dayLabel')
    : day;
}

/**
 * At and above this size (after rounding to whole units) a card shows a figure
 * compactly, with the full value on hover and for screen readers: below it the
 * full form of every figure fits a card column in both languages (issue #23).
 */
export const COMPACT_FROM = 10_000;

// The units a Taiwanese reader counts large numbers in, smallest first: 萬 and 億
// in 中文 (93.2萬, as a bill or a news report writes it), K/M/B in English.
const COMPACT_UNITS: Record<'zh' | 'en', readonly (readonly [number, string])[]> = {
  zh: [
    [1e4, '萬'],
    [1e8, '億'],
  ],
  en: [
    [1e3, 'K'],
    [1e6, 'M'],
    [1e9, 'B'],
  ],
};

const toTenths = (value: number) => Math.round(value * 10) / 10;

const toHundredths = (value: number) => Math.round(value * 100) / 100;

/**
 * A number as a multiple of the largest unit it reaches, to three significant
 * digits below 10 of the unit (1,040,000 → 1.04M: "1M" hid 4 % of a bill) and
 * one decimal above: 932,050 → 93.2 萬; 9,999.95 → 1 萬 (it reads 10,000 in
 * whole units); 99,999,999 → 1 億 (not 10,000 萬, the rounding reaches the
 * next unit). `digits` is the decimals to show at most. Below the smallest
 * unit the value comes back with no unit.
 */
export function compactParts(
  value: number,
  language: string,
): { scaled: number; unit: string; digits: number } {
  const units = COMPACT_UNITS[normalizeLanguage(language)];
  const size = Math.abs(value);
  let index = units.findLastIndex(([unitSize]) => Math.round(size) >= unitSize);
  if (index < 0) return { scaled: value, unit: '', digits: 0 };
  let scaled = toTenths(size / units[index]![0]);
  const next = units[index + 1];
  if (next && scaled * units[index]![0] >= next[0]) {
    index += 1;
    scaled = toTenths(size / next[0]);
  }
  const digits = scaled < 10 ? 2 : 1;
  if (digits === 2) scaled = toHundredths(size / units[index]![0]);
  return { scaled: value < 0 ? -scaled : scaled, unit: units[index]![1], digits };
}

/** Whether a card shows this value compactly (see COMPACT_FROM). */
export function isCompactSize(value: number | null | undefined): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    Math.abs(Math.round(value)) >= COMPACT_FROM
  );
}

/** "93.2萬" / "932.1K"; a missing value is a dash. */
export function formatCompact(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  const { scaled, unit, digits } = compactParts(value, language);
  return `${formatNumber(scaled, language, unit ? digits : undefined)}${unit}`;
}

/** A card's figure: the full text, and the shorter one shown where it would not fit. */
export interface Figure {
  full: string;
  compact: string;
}

/** A number with its unit as a card figure: "1,234,567 kWh" shown as "123.5萬 kWh" / "1.23M kWh". */
export function numberFigure(
  value: number | null | undefined,
  unit: string,
  language: string,
): Figure {
  const full = unit ? formatWithUnit(value, unit, language) : formatNumber(value, language);
  if (!isCompactSize(value)) return { full, compact: full };
  const compact = formatCompact(value, language);
  return { full, compact: unit ? `${compact} ${unit}` : compact };
}
