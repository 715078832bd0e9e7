/**
 * The wall clock of an instant as a page shows it: in the factory's zone when
 * it is known, else on this PC's clock, and written with a date pattern.
 */

import { localParts, type LocalParts } from './zones.ts';

/** The fields of an instant on this PC's own clock (whole seconds). */
function thisPcParts(instant: number): LocalParts {
  const date = new Date(instant);
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
  };
}

/**
 * The wall-clock reading of an instant in the zone (an IANA name or a fixed
 * offset such as "+08:00"), or on this PC's clock when the zone is not known yet.
 */
export function wallClock(instant: number, timeZone: string | null): LocalParts {
  return timeZone ? localParts(instant, timeZone) : thisPcParts(instant);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** English month abbreviations: a day label reads "28 Oct 2024" in both languages. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const TOKENS = /'([^']*)'|yyyy|MMM|MM|dd|HH|mm|ss|[A-Za-z]/g;

/**
 * Wall-clock fields written with a pattern of yyyy, MM, MMM, dd, HH, mm and
 * ss (the date-fns tokens the app uses), text in single quotes kept as it is:
 * "yyyy/MM/dd HH:mm", "dd MMM yyyy", "yyyy-MM-dd'T'HH:mm". Any other letter
 * throws, so a pattern this does not know is never written half right.
 */
export function formatWallClock(parts: LocalParts, pattern: string): string {
  return pattern.replace(TOKENS, (token, quoted: string | undefined) => {
    if (quoted !== undefined) return quoted;
    switch (token) {
      case 'yyyy':
        return pad(parts.year, 4);
      case 'MMM':
        return MONTHS[parts.month - 1] ?? String(parts.month);
      case 'MM':
        return pad(parts.month);
      case 'dd':
        return pad(parts.day);
      case 'HH':
        return pad(parts.hour);
      case 'mm':
        return pad(parts.minute);
      case 'ss':
        return pad(parts.second);
      default:
        throw new RangeError(`Unknown date pattern letter "${token}" in "${pattern}"`);
    }
  });
}

/** The calendar day (yyyy-MM-dd) of an instant in the zone, or on this PC's clock. */
export function localDateOf(instant: number, timeZone: string | null): string {
  return formatWallClock(wallClock(instant, timeZone), 'yyyy-MM-dd');
}
