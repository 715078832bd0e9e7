import {
  cachedNumberFormat,
  compactParts,
  formatNumber,
  isCompactSize,
  MISSING,
  numberLocale,
} from './format';
import type { Figure } from './format';
import { normalizeLanguage } from './i18n';

/**
 * Money as a Taiwanese energy manager reads it on a bill.
 *
 * English: Intl's own currency format in en-US, which writes TWD as "NT$1,234"
 * (the symbol Taipower's English pages use); other currencies get their symbol.
 * 中文: Intl's zh-TW currency format writes TWD as a bare "$1,234" (ambiguous
 * beside US$) or "1,234 新台幣" (reads backwards), so the number comes from
 * Intl's zh-TW decimal format and is written the way a bill and a contract
 * write it: "新臺幣 1,234 元" (official 臺). Other currencies use Intl's zh-TW
 * format with the ISO code, which is never ambiguous.
 *
 * Decimals: a bill is in whole dollars, so amounts of 1,000 or more show none;
 * smaller amounts (a 15-minute bucket of one circuit costs a few dollars) keep
 * two, so a bucket's cost never reads as 0.
 */
export function moneyDigits(value: number): number {
  return Math.abs(value) >= 1000 ? 0 : 2;
}

export interface MoneyOptions {
  /** Fixed decimals (a table column keeps one precision); default by size, see moneyDigits. */
  digits?: number;
}

export function formatMoney(
  value: number | null | undefined,
  currency: string,
  language: string,
  { digits }: MoneyOptions = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  const places = digits ?? moneyDigits(value);
  const zh = normalizeLanguage(language) === 'zh';
  if (zh && currency === 'TWD') {
    return `新臺幣 ${formatAmount(value, language, places)} 元`;
  }
  return cachedNumberFormat(numberLocale(language), {
    style: 'currency',
    currency,
    currencyDisplay: zh ? 'code' : 'symbol',
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  }).format(value);
}

/** The bare amount, for a cell under a header that names the currency (see currencyUnit). */
export function formatAmount(
  value: number | null | undefined,
  language: string,
  digits?: number,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  const places = digits ?? moneyDigits(value);
  return cachedNumberFormat(numberLocale(language), {
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  }).format(value);
}

/**
 * The currency as a column header's unit: "NT$" / "元" for TWD (a Chinese
 * header reads 電費（元）), otherwise the ISO code.
 */
export function currencyUnit(currency: string, language: string): string {
  if (currency !== 'TWD') return currency;
  return normalizeLanguage(language) === 'zh' ? '元' : 'NT$';
}

/** A rate per unit, e.g. "NT$4.08 / kWh", "新臺幣 4.08 元 / kWh", with the rate's own decimals. */
export function formatRate(
  value: number | null | undefined,
  currency: string,
  unit: string,
  language: string,
): string {
  const text = formatMoney(value, currency, language, { digits: rateDigits(value ?? 0) });
  return text === MISSING ? text : `${text} / ${unit}`;
}

/** Tariff rates are published with up to 2 decimals (4.08 NT$/kWh, 236.2 NT$/kW). */
function rateDigits(value: number): number {
  const text = String(Math.abs(value));
  const decimals = text.includes('.') ? (text.split('.')[1]?.length ?? 0) : 0;
  return Math.min(Math.max(decimals, 2), 4);
}

/**
 * Money in its compact form: "新臺幣 93.2 萬元" (as a Taiwanese bill or news
 * report writes large sums), "NT$932.1K" in English; below the smallest unit
 * it is formatMoney's text.
 */
export function formatMoneyCompact(
  value: number | null | undefined,
  currency: string,
  language: string,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  const { scaled, unit, digits } = compactParts(value, language);
  if (!unit) return formatMoney(value, currency, language);
  const zh = normalizeLanguage(language) === 'zh';
  if (zh && currency === 'TWD') return `新臺幣 ${formatNumber(scaled, language, digits)} ${unit}元`;
  const amount = cachedNumberFormat(numberLocale(language), {
    style: 'currency',
    currency,
    currencyDisplay: zh ? 'code' : 'symbol',
    minimumFractionDigits: 0,
    maximumFractionDigits: digits,
  }).format(scaled);
  return `${amount}${unit}`;
}

/** Money as a card figure: compact from COMPACT_FROM on, the full amount kept for hover and readers. */
export function moneyFigure(
  value: number | null | undefined,
  currency: string,
  language: string,
): Figure {
  const full = formatMoney(value, currency, language);
  return {
    full,
    compact: isCompactSize(value) ? formatMoneyCompact(value, currency, language) : full,
  };
}
