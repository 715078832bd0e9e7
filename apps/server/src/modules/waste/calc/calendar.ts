import type { BaselineDayType } from '@wattboard/contract';
import type { WorkingCalendar } from './types.ts';

/** Working periods by day type, [from, to) minutes of the day. */
export type Shifts = Readonly<Record<BaselineDayType, ReadonlyArray<readonly [number, number]>>>;

/**
 * The demo factory's shifts (simulator/schedules.ts): two production shifts on
 * weekdays, 06:00-22:00; a Saturday shift, 08:00-17:00; nothing on Sundays and
 * off-peak days. What the finder uses until shifts are set in Admin.
 */
export const DEMO_SHIFTS: Shifts = {
  weekday: [[6 * 60, 22 * 60]],
  saturday: [[8 * 60, 17 * 60]],
  sundayHoliday: [],
};

/** A working calendar from shifts by day type and the factory's day types (tariff calendar). */
export function shiftCalendar(
  shifts: Shifts,
  dayTypeOf: (date: string) => BaselineDayType,
): WorkingCalendar {
  return (date) => shifts[dayTypeOf(date)];
}
