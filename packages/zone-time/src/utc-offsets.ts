/** UTC offsets written as text: in an ISO date-time, as a fixed-offset zone, and back. */

import { MINUTE_MS } from './durations.ts';

const OFFSET_AT_END = /(Z|[+-]\d{2}:?\d{2})$/i;

/** The UTC offset written in an ISO date-time ("+08:00"; "Z" becomes "+00:00"), or null. */
export function parseUtcOffset(isoDateTime: string): string | null {
  const match = OFFSET_AT_END.exec(isoDateTime.trim());
  if (!match?.[1]) return null;
  const offset = match[1].toUpperCase();
  if (offset === 'Z') return '+00:00';
  return offset.includes(':') ? offset : `${offset.slice(0, 3)}:${offset.slice(3)}`;
}

const FIXED_OFFSET_ZONE = /^([+-])(\d{2}):?(\d{2})$/;

/**
 * The offset of a fixed-offset zone such as "+08:00" or "-0330", in ms; null
 * for anything else (an IANA name). The client falls back to such a zone when
 * the server names none, and not every browser's Intl accepts one.
 */
export function fixedOffsetMs(zone: string): number | null {
  const match = FIXED_OFFSET_ZONE.exec(zone);
  if (!match) return null;
  const [, sign, hours, minutes] = match;
  const size = (Number(hours) * 60 + Number(minutes)) * MINUTE_MS;
  return sign === '-' ? -size : size;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An offset in ms as ISO 8601 writes it: 28 800 000 → "+08:00", -16 200 000 → "-04:30", 0 → "+00:00". */
export function formatUtcOffset(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / MINUTE_MS);
  return `${offsetMs < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
