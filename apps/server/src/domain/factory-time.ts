import { localParts, zoneOffsetMs } from './zoned-parts.ts';

/** True when the runtime knows this IANA zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    zoneOffsetMs(0, timeZone);
    return true;
  } catch {
    return false;
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 28 800 000 → "+08:00"; -16 200 000 → "-04:30"; 0 → "+00:00". */
function formatOffset(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  return `${offsetMs < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * The instant as factory-local ISO 8601 with the zone's offset at that
 * instant and no milliseconds, e.g. 2026-11-21T14:03:05+08:00 (DESIGN §4).
 */
export function formatFactoryLocalIso(instant: Date, timeZone: string): string {
  const t = instant.getTime();
  const p = localParts(t, timeZone);
  const date = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
  const time = `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
  return `${date}T${time}${formatOffset(zoneOffsetMs(t, timeZone))}`;
}
