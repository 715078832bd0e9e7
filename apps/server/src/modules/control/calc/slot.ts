import { timerSlotIndex } from '@wattboard/contract';
import { DAY_MS, localParts } from '@wattboard/zone-time';

/** Where an instant falls in a factory's week of half-hour slots. */
export interface WeekSlot {
  /** 0 = Sunday … 6 = Saturday, of the factory-local date. */
  weekday: number;
  /** 0 … 47: the factory-local half hour (wall clock, so DST days skip or repeat slots). */
  slot: number;
}

/** The factory-local weekday and half-hour slot of an instant. */
export function weekSlotAt(instant: number, timeZone: string): WeekSlot {
  const { year, month, day, hour, minute } = localParts(instant, timeZone);
  const weekday = new Date(
    Math.floor(Date.UTC(year, month - 1, day) / DAY_MS) * DAY_MS,
  ).getUTCDay();
  return { weekday, slot: timerSlotIndex(hour, minute) };
}
