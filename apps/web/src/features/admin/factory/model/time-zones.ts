import { formatUtcOffset, zoneOffsetMs } from '@wattboard/zone-time';

/** Every IANA zone this browser knows, plus UTC (which some engines leave out of the list). */
export function allTimeZones(): string[] {
  const supported =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return supported.includes('UTC') ? supported : [...supported, 'UTC'];
}

/**
 * The zone's UTC offset at `at` as "+08:00" ("+00:00" for UTC), or null when
 * unknown. Each zone's formatter is built once (@wattboard/zone-time), so a
 * search over every zone costs a few milliseconds a keystroke.
 */
export function utcOffsetLabel(zone: string, at: Date): string | null {
  try {
    return formatUtcOffset(zoneOffsetMs(at.getTime(), zone));
  } catch {
    return null;
  }
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/[_/]+/g, ' ').trim();
}

/**
 * The zones matching a search: every word of the query must occur in the
 * zone's name (underscores and slashes read as spaces, any case) or its
 * offset ("+08"). Matches whose city starts with the query come first, then
 * alphabetical. An empty query returns everything. At most `limit` results.
 */
export function searchTimeZones(
  zones: readonly string[],
  query: string,
  at: Date,
  limit = 50,
): string[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return zones.slice(0, limit);
  const q = normalise(query);
  const scored: { zone: string; rank: number }[] = [];
  for (const zone of zones) {
    const name = normalise(zone);
    const offset = utcOffsetLabel(zone, at) ?? '';
    const haystack = `${name} ${offset}`;
    if (!words.every((word) => haystack.includes(word))) continue;
    const city = normalise(zone.split('/').pop() ?? zone);
    const rank = city.startsWith(q) ? 0 : name.startsWith(q) ? 1 : 2;
    scored.push({ zone, rank });
  }
  scored.sort((a, b) => a.rank - b.rank || a.zone.localeCompare(b.zone));
  return scored.slice(0, limit).map((entry) => entry.zone);
}
