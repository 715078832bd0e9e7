import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';
import { CONSUME_RATIO_MAX_DAYS } from '@wattboard/contract';
import { isCalendarDate } from '@/lib/page-params';

export interface DayRange {
  startDate: string;
  endDate: string;
}

const shift = (date: string, days: number) => format(addDays(parseISO(date), days), 'yyyy-MM-dd');

/** The comparison's first range: the 7 days ending today. */
export function lastWeek(today: string): DayRange {
  return { startDate: shift(today, -6), endDate: today };
}

/**
 * A new range after one end was edited: an unusable date keeps the range; an
 * end that crosses the other drags it along; a range longer than the call
 * allows (366 days) pulls the other end in, so the request is always valid.
 */
export function editDayRange(range: DayRange, end: keyof DayRange, value: string): DayRange {
  if (!isCalendarDate(value)) return range;
  const limit = CONSUME_RATIO_MAX_DAYS - 1;
  if (end === 'startDate') {
    const endDate = value > range.endDate ? value : range.endDate;
    const tooLong = differenceInCalendarDays(parseISO(endDate), parseISO(value)) > limit;
    return { startDate: value, endDate: tooLong ? shift(value, limit) : endDate };
  }
  const startDate = value < range.startDate ? value : range.startDate;
  const tooLong = differenceInCalendarDays(parseISO(value), parseISO(startDate)) > limit;
  return { startDate: tooLong ? shift(value, -limit) : startDate, endDate: value };
}
