import { cachedNumberFormat, numberLocale } from '@/lib/format';

/** Below half a watt-hour a change is rounding, not a trend. */
const FLAT_KWH = 0.0005;

export type Trend = 'up' | 'down' | 'flat';

/** Whether the period used more (up), less (down) or the same as the same elapsed part of the previous one. */
export function usageTrend(changeKwh: number): Trend {
  if (Math.abs(changeKwh) < FLAT_KWH) return 'flat';
  return changeKwh > 0 ? 'up' : 'down';
}

function signedNumber(value: number, language: string, digits: number): string {
  return cachedNumberFormat(numberLocale(language), {
    maximumFractionDigits: digits,
    minimumFractionDigits: 0,
    signDisplay: 'exceptZero',
  }).format(value);
}

/**
 * "+12.5 kWh (+4.2%)": the change against the previous period with its sign;
 * without a percentage (nothing used in the previous period) only the kWh.
 */
export function formatChange(
  changeKwh: number,
  changePercent: number | null,
  language: string,
): string {
  const kwh = `${signedNumber(usageTrend(changeKwh) === 'flat' ? 0 : changeKwh, language, 1)} kWh`;
  if (changePercent === null || !Number.isFinite(changePercent)) return kwh;
  return `${kwh} (${signedNumber(changePercent, language, 1)}%)`;
}
