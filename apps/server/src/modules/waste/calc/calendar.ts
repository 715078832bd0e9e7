import {
  DEFAULT_WORKING_HOURS,
  workingMinutes,
  type BaselineDayType,
  type WorkingHours,
} from '@wattboard/contract';
import type { WorkingCalendar } from './types.ts';

/** Working periods by day type, [from, to) minutes of the day. */
export type Shifts = Readonly<Record<BaselineDayType, ReadonlyArray<readonly [number, number]>>>;

/** Working hours by day type (Admin › Factory, decision 0091) as [from, to) minutes, in order. */
export function shiftsOf(hours: WorkingHours): Shifts {
  return {
    weekday: workingMinutes(hours.weekday),
    saturday: workingMinutes(hours.saturday),
    sundayHoliday: workingMinutes(hours.sundayHoliday),
  };
}

/**
 * The demo factory's shifts (simulator/schedules.ts), every factory's until its
 * Admin sets its own: two production shifts on weekdays, 06:00-22:00; a
 * Saturday shift, 08:00-17:00; nothing on Sundays and off-peak days.
 */
export const DEMO_SHIFTS: Shifts = shiftsOf(DEFAULT_WORKING_HOURS);

/** A working calendar from shifts by day type and the factory's day types (tariff calendar). */
export function shiftCalendar(
  shifts: Shifts,
  dayTypeOf: (date: string) => BaselineDayType,
): WorkingCalendar {
  return (date) => shifts[dayTypeOf(date)];
}
