import { formatWallClock, wallClock } from '@wattboard/zone-time';
import { MISSING, numberLocale } from '@/lib/format';

export { MISSING };

const formatters = new Map<string, Intl.NumberFormat>();

/** One formatter per locale and decimals: a 50,000-row table formats many cells while scrolling. */
function formatterFor(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}/${digits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A reading with exactly `digits` decimals in the language's style; null shows a dash. */
export function formatReading(
  value: number | null | undefined,
  language: string,
  digits: number,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  return formatterFor(numberLocale(language), digits).format(value);
}

/** yyyy/MM/dd HH:mm:ss of an instant in the factory's zone, the app's date-time format with seconds. */
export function formatFactoryTime(
  iso: string,
  zone: string | null,
  pattern = 'yyyy/MM/dd HH:mm:ss',
) {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return iso;
  // Without a known zone the instant is shown as the server wrote it (its own offset).
  if (!zone) return iso.replace('T', ' ').slice(0, 19).replaceAll('-', '/');
  return formatWallClock(wallClock(instant, zone), pattern);
}
