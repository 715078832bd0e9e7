import type { WebhookQuietHours } from '@wattboard/contract';
import { addDays, civilDay, clockMinutes, MINUTE_MS, ZoneClock } from '@wattboard/zone-time';

/**
 * Kinds that go out even during quiet hours (decision 0072): a threshold
 * alarm may be damaging equipment now, and the test alarm is someone checking
 * the channel now. Offline meters, demand warnings and anomalies (a load
 * away from its typical day for an hour, decision 0082) wait for the morning;
 * an escalation always goes (the point of an escalation destination).
 */
export const URGENT_KINDS: ReadonlySet<string> = new Set(['threshold', 'test']);

/**
 * When a delivery may go out: `nowMs` itself, or the end of the quiet hours
 * it falls in. Quiet hours are factory-local wall-clock times in `timeZone`;
 * an end before the start wraps midnight (22:00–07:00); the start is inside,
 * the end is not. An end skipped by a DST jump resolves to the jump itself.
 */
export function releaseAt(
  nowMs: number,
  quiet: WebhookQuietHours | null,
  timeZone: string,
  urgent: boolean,
): number {
  if (quiet === null || urgent) return nowMs;
  const clock = new ZoneClock(timeZone);
  const { date, minuteOfDay } = clock.localParts(nowMs);
  const start = clockMinutes(quiet.start);
  const end = clockMinutes(quiet.end);
  const wraps = end < start;
  const inside = wraps
    ? minuteOfDay >= start || minuteOfDay < end
    : minuteOfDay >= start && minuteOfDay < end;
  if (!inside) return nowMs;
  // Before midnight in a wrapping window, the end is on the next local day.
  const endDate = wraps && minuteOfDay >= start ? addDays(date, 1) : date;
  return clock.fromCivil(civilDay(endDate) + end * MINUTE_MS);
}
