/**
 * The factory's "now" and calendar as a page knows them: the factory's zone
 * and how far its clock is from this PC's, learnt from one server answer.
 */

import { parseUtcOffset } from './utc-offsets.ts';
import { localDateOf } from './wall-clock.ts';
import { isValidTimeZone } from './zones.ts';

/** What the client needs to know the factory's "now" and its calendar. */
export interface FactoryTimeBase {
  /** IANA zone, or a fixed UTC offset such as "+08:00" when no zone is known. */
  zone: string;
  /** Factory clock minus this PC's clock, in ms (a wrong PC clock cancels out). */
  skewMs: number;
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

/** "Today" (yyyy-MM-dd) for query defaults: the factory's day when known, else this PC's. */
export function todayFor(base: FactoryTimeBase | null, pcNowMs: number): string {
  if (!base) return localDateOf(pcNowMs, null);
  return localDateOf(factoryNowMs(base, pcNowMs), base.zone);
}
