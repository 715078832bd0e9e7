import { civilDay, MINUTE_MS, type ZoneClock } from '@wattboard/zone-time';

/**
 * Whether a time slot lies in the future at `now`: it has not begun yet.
 * The slot that holds `now` has begun (it has data so far), so it is not
 * future; one starting exactly at `now` has begun too. Every answer that
 * lists slots (the heatmap, the cost series, the charts) leaves a future slot
 * without a value or a level: it is "no data yet", never 0.
 */
export function isFutureSlot(slotStart: number, now: number): boolean {
  return slotStart > now;
}

/**
 * The instant a slot keyed by local clock time begins: the factory-local date
 * and the minutes since its midnight, in the factory's zone (a time the day
 * skipped for daylight saving maps to the instant after the gap).
 */
export function localSlotStart(date: string, minuteOfDay: number, clock: ZoneClock): number {
  return clock.fromCivil(civilDay(date) + minuteOfDay * MINUTE_MS);
}

/** isFutureSlot for a slot keyed by its factory-local date and minute of the day. */
export function isFutureLocalSlot(
  date: string,
  minuteOfDay: number,
  clock: ZoneClock,
  now: number,
): boolean {
  return isFutureSlot(localSlotStart(date, minuteOfDay, clock), now);
}
