import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';
import { isCalendarDate } from '@/lib/page-params';

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** The range that ends on `today` and spans `days` days (1 = today only). */
export function lastDays(today: string, days: number): DateRange {
  const end = parseISO(today);
  return { startDate: format(addDays(end, -(days - 1)), 'yyyy-MM-dd'), endDate: today };
}

/** Number of calendar days in a range, both ends included. */
export function daysInRange(range: DateRange): number {
  return differenceInCalendarDays(parseISO(range.endDate), parseISO(range.startDate)) + 1;
}

/**
 * A new range after one end was edited: an unusable value keeps the old
 * range; an edit that crosses the other end moves that end along, so the
 * range stays ordered and the user's latest choice wins.
 */
export function editRange(
  range: DateRange,
  end: 'startDate' | 'endDate',
  value: string,
): DateRange {
  if (!isCalendarDate(value)) return range;
  if (end === 'startDate') {
    return { startDate: value, endDate: value > range.endDate ? value : range.endDate };
  }
  return { startDate: value < range.startDate ? value : range.startDate, endDate: value };
}

/**
 * Whether the page's dates are settled: given in the URL, or defaulted to
 * the factory's today once its time base is known. Before that, a default
 * would be this PC's date, and querying with it would fetch everything twice.
 */
export function datesSettled(search: URLSearchParams, factoryTimeKnown: boolean): boolean {
  return (
    factoryTimeKnown ||
    (isCalendarDate(search.get('startDate')) && isCalendarDate(search.get('endDate')))
  );
}
