import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';
import { isCalendarDate } from '@/lib/page-params';

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** The range that ends on `today` and spans `days` days (1 = today only). */
export function lastDays(today: string, days: number): DateRange {
  return { startDate: shiftDay(today, -(days - 1)), endDate: today };
}

/** Number of calendar days in a range, both ends included. */
export function daysInRange(range: DateRange): number {
  return differenceInCalendarDays(parseISO(range.endDate), parseISO(range.startDate)) + 1;
}

/**
 * The longest range the Monitoring Point's calls answer (the server refuses
 * more: apps/server domain/monitor/time-range). The page keeps every range
 * within it, so no card asks for a range another card is refused.
 */
export const MAX_RANGE_DAYS = 366;

/** yyyy-MM-dd moved by whole calendar days. */
export function shiftDay(day: string, days: number): string {
  return format(addDays(parseISO(day), days), 'yyyy-MM-dd');
}

/** The range cut to MAX_RANGE_DAYS, keeping its end (the days nearest today matter most). */
export function withinLimit(range: DateRange): DateRange {
  const earliest = shiftDay(range.endDate, -(MAX_RANGE_DAYS - 1));
  return range.startDate < earliest ? { startDate: earliest, endDate: range.endDate } : range;
}

/**
 * A new range after one end was edited: an unusable value keeps the old
 * range; an edit that crosses the other end, or takes the range past
 * MAX_RANGE_DAYS, moves that end along, so the range stays ordered and
 * allowed and the user's latest choice wins.
 */
export function editRange(
  range: DateRange,
  end: 'startDate' | 'endDate',
  value: string,
): DateRange {
  if (!isCalendarDate(value)) return range;
  if (end === 'startDate') {
    const latest = shiftDay(value, MAX_RANGE_DAYS - 1);
    const endDate = value > range.endDate ? value : range.endDate > latest ? latest : range.endDate;
    return { startDate: value, endDate };
  }
  const earliest = shiftDay(value, -(MAX_RANGE_DAYS - 1));
  const startDate =
    value < range.startDate ? value : range.startDate < earliest ? earliest : range.startDate;
  return { startDate, endDate: value };
}

/**
 * The date inputs' limits (min/max): no day after today, and no start more
 * than MAX_RANGE_DAYS before the end (nor an end that far after the start).
 */
export function rangeInputLimits(
  range: DateRange,
  today: string,
): Record<keyof DateRange, { min?: string; max: string }> {
  const latestEnd = shiftDay(range.startDate, MAX_RANGE_DAYS - 1);
  return {
    startDate: { min: shiftDay(range.endDate, -(MAX_RANGE_DAYS - 1)), max: today },
    endDate: { max: latestEnd < today ? latestEnd : today },
  };
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
