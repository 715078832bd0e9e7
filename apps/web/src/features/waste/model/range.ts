import { civilDaysBetween, WASTE_RANGE_LIMIT_DAYS } from '@wattboard/contract';
import { addDays } from '@wattboard/zone-time';
import { isCalendarDate } from '@/lib/page-params';

export interface WasteRange {
  startDate: string;
  endDate: string;
}

/**
 * The last complete week: the 7 days ending yesterday. Today is still
 * running, and the finder judges a night only once it is over, so a range
 * ending today would show less than the week really wasted (decision 0086).
 */
export function lastCompleteWeek(today: string): WasteRange {
  return { startDate: addDays(today, -7), endDate: addDays(today, -1) };
}

/** Why a range cannot be asked for; null when it can. */
export type RangeProblem = 'invalid' | 'order' | 'tooLong' | 'future';

/** Checks a range as the contract does (ordered, ≤ WASTE_RANGE_LIMIT_DAYS days), and not past today. */
export function rangeProblem(range: WasteRange, today: string): RangeProblem | null {
  if (!isCalendarDate(range.startDate) || !isCalendarDate(range.endDate)) return 'invalid';
  if (range.endDate < range.startDate) return 'order';
  if (civilDaysBetween(range.startDate, range.endDate) + 1 > WASTE_RANGE_LIMIT_DAYS) {
    return 'tooLong';
  }
  if (range.endDate > today) return 'future';
  return null;
}

/**
 * The page's range from its URL: both dates as given, or the last complete
 * week when neither is. A range that is given but wrong is kept as it is, so
 * the page can say what is wrong with it rather than quietly showing another.
 */
export function readWasteRange(search: URLSearchParams, today: string): WasteRange {
  const startDate = search.get('startDate');
  const endDate = search.get('endDate');
  if (startDate === null && endDate === null) return lastCompleteWeek(today);
  const week = lastCompleteWeek(today);
  return { startDate: startDate ?? week.startDate, endDate: endDate ?? week.endDate };
}
