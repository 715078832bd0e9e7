import type { ZoneClock } from '@wattboard/zone-time';

const WITH_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A CSV time: ISO 8601 with Z or an offset as written, or a local
 * "YYYY-MM-DD HH:MM[:SS]" (also with slashes, as utility exports write it)
 * on the factory's clock. Null when it is neither.
 */
export function parseCsvTime(text: string, clock: ZoneClock): number | null {
  const trimmed = text.trim();
  if (WITH_ZONE.test(trimmed)) {
    const ms = Date.parse(trimmed);
    return Number.isNaN(ms) ? null : ms;
  }
  const match = LOCAL.exec(trimmed);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h! > 24 || mi! > 59 || (s ?? 0) > 59) return null;
  const civil = Date.UTC(y!, mo! - 1, d!, h!, mi!, Number.isNaN(s) ? 0 : s);
  // Date.UTC rolls 31 February over to March: refuse it rather than move it.
  if (new Date(civil).getUTCDate() !== d && h !== 24) return null;
  return clock.fromCivil(civil);
}
