import { formatWallClock, wallClock } from '@wattboard/zone-time';
import { formatFixed, MISSING } from '@/lib/format';

export { MISSING };

/** A reading with exactly `digits` decimals in the language's style; null shows a dash. */
export function formatReading(
  value: number | null | undefined,
  language: string,
  digits: number,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  return formatFixed(value, language, digits);
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
