import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { formatInstant } from './format';

/** What the client needs to know the factory's "now" and its calendar. */
export interface FactoryTimeBase {
  /** IANA zone, or a fixed UTC offset such as "+08:00" when no zone is known. */
  zone: string;
  /** Factory clock minus this PC's clock, in ms (a wrong PC clock cancels out). */
  skewMs: number;
}

const OFFSET_PATTERN = /(Z|[+-]\d{2}:?\d{2})$/i;

/** The UTC offset written in an ISO date-time ("+08:00"; "Z" becomes "+00:00"), or null. */
export function parseUtcOffset(isoDateTime: string): string | null {
  const match = OFFSET_PATTERN.exec(isoDateTime.trim());
  if (!match?.[1]) return null;
  const offset = match[1].toUpperCase();
  if (offset === 'Z') return '+00:00';
  return offset.includes(':') ? offset : `${offset.slice(0, 3)}:${offset.slice(3)}`;
}

export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds the factory's time base from the channel list response: the zone is
 * the IANA `timeZone` when the server sends one (DST-safe), else the fixed
 * offset of `dtNowFactory`; the skew is `dtNowFactory` minus when it arrived.
 */
export function factoryTimeBase(
  response: { dtNowFactory: string; timeZone?: unknown },
  receivedAtMs: number,
): FactoryTimeBase | null {
  const factoryNow = Date.parse(response.dtNowFactory);
  if (Number.isNaN(factoryNow)) return null;
  const zone = isValidTimeZone(response.timeZone)
    ? response.timeZone
    : parseUtcOffset(response.dtNowFactory);
  if (!zone) return null;
  return { zone, skewMs: factoryNow - receivedAtMs };
}

/** The factory's current instant: this PC's clock corrected by the skew. */
export function factoryNowMs(base: FactoryTimeBase, pcNowMs: number): number {
  return pcNowMs + base.skewMs;
}

/** Header clock texts: HH:mm:ss and dd MMM yyyy (English month names in every language). */
export function formatFactoryClock(
  instantMs: number,
  zone: string,
): { time: string; date: string } {
  return {
    time: formatInstant(instantMs, zone, 'timeSeconds'),
    date: formatInstant(instantMs, zone, 'dayLabel'),
  };
}

/** The calendar day (yyyy-MM-dd) of an instant in the given zone. */
export function calendarDate(instantMs: number, zone: string): string {
  return format(new TZDate(instantMs, zone), 'yyyy-MM-dd');
}

/** "Today" for query defaults: the factory's day when known, else this PC's. */
export function todayFor(base: FactoryTimeBase | null, pcNowMs: number): string {
  if (!base) return format(new Date(pcNowMs), 'yyyy-MM-dd');
  return calendarDate(factoryNowMs(base, pcNowMs), base.zone);
}
