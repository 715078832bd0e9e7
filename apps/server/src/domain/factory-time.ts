/** Formatter cache: building an Intl.DateTimeFormat is far slower than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows this IANA zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** "GMT+08:00" → "+08:00"; "GMT" (UTC itself) → "+00:00". */
function offsetFromZoneName(zoneName: string): string {
  if (zoneName === 'GMT' || zoneName === 'UTC') return '+00:00';
  const match = /^GMT([+-]\d{2}):?(\d{2})?$/.exec(zoneName);
  if (!match?.[1]) throw new Error(`Unexpected time zone name "${zoneName}"`);
  return `${match[1]}:${match[2] ?? '00'}`;
}

/**
 * The instant as factory-local ISO 8601 with the zone's offset at that
 * instant and no milliseconds, e.g. 2026-11-21T14:03:05+08:00 (DESIGN §4).
 */
export function formatFactoryLocalIso(instant: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const { year, month, day, hour, minute, second, timeZoneName } = parts;
  if (!year || !month || !day || !hour || !minute || !second || !timeZoneName) {
    throw new Error(`Could not format ${instant.toISOString()} in ${timeZone}`);
  }
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${offsetFromZoneName(timeZoneName)}`;
}
