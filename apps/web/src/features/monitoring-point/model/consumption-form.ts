import { endClockTime, readEndOfDayClock, segmentInfo, WEEKDAYS } from '@wattboard/contract';
import type { SegmentInfo, Weekday } from '@wattboard/contract';
import { isCalendarDate } from '@/lib/page-params';
import { daysInRange, MAX_RANGE_DAYS } from './date-range';
import type { DateRange } from './date-range';

/** What the consumption-query form holds (times as `<input type=time>` gives them, HH:mm). */
export interface ConsumptionForm {
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  weekdays: Weekday[];
}

export type ConsumptionField = 'startDate' | 'endDate' | 'startTime' | 'endTime' | 'weekdays';
export type ConsumptionProblem =
  'date' | 'dateOrder' | 'tooLong' | 'time' | 'quarter' | 'sameTime' | 'noWeekday';

export const MIDNIGHT = '00:00';
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The server answers only quarter-hour times (issue #9): every figure is made
 * of 15-minute blocks, and a window such as 17:50–18:10 would otherwise be
 * answered for other times than asked. The inputs step by 15 minutes
 * (TIME_STEP_SECONDS) and a typed 17:50 is flagged before sending.
 */
export const TIME_STEP_SECONDS = 15 * 60;
const isQuarterHour = (time: string) => Number(time.slice(3)) % 15 === 0;
const END_OF_DAY = '24:00';

/**
 * A time's problem, if any. An END may also be written 23:59 (or 23:59:59),
 * as many people write "to the end of the day": the contract reads it as
 * 24:00 (endClockTime, as the server does, issue #23), so it is on the grid.
 * A start of 23:59 stays what it says, off the quarter hours.
 */
function timeProblem(time: string, bound: 'start' | 'end'): 'time' | 'quarter' | undefined {
  if (bound === 'end') {
    const end = endClockTime.safeParse(time);
    if (!end.success) return 'time';
    if (end.data === END_OF_DAY) return undefined;
  }
  if (!CLOCK.test(time)) return 'time';
  return isQuarterHour(time) ? undefined : 'quarter';
}

/** The page's date range, the whole day, every weekday: the totals of the range itself. */
export function defaultConsumptionForm(range: DateRange): ConsumptionForm {
  return { ...range, startTime: MIDNIGHT, endTime: MIDNIGHT, weekdays: [...WEEKDAYS] };
}

/** Problems per field, in the form's order; empty when the form can be sent. */
export function validateConsumptionForm(
  form: ConsumptionForm,
): Partial<Record<ConsumptionField, ConsumptionProblem>> {
  const problems: Partial<Record<ConsumptionField, ConsumptionProblem>> = {};
  if (!isCalendarDate(form.startDate)) problems.startDate = 'date';
  if (!isCalendarDate(form.endDate)) problems.endDate = 'date';
  else if (!problems.startDate && form.endDate < form.startDate) problems.endDate = 'dateOrder';
  else if (!problems.startDate && daysInRange(form) > MAX_RANGE_DAYS) problems.endDate = 'tooLong';
  const startProblem = timeProblem(form.startTime, 'start');
  if (startProblem) problems.startTime = startProblem;
  const endProblem = timeProblem(form.endTime, 'end');
  if (endProblem) problems.endTime = endProblem;
  else if (!problems.startTime && form.startTime === form.endTime && form.startTime !== MIDNIGHT) {
    problems.endTime = 'sameTime';
  }
  if (form.weekdays.length === 0) problems.weekdays = 'noWeekday';
  return problems;
}

/**
 * The request's segment. A time input cannot show 24:00, so an end of 00:00
 * means "until midnight at the end of the day" (00:00–00:00 is the whole day,
 * 22:00–00:00 the last two hours), and so does an end of 23:59 (the contract's
 * readEndOfDayClock); an end before the start runs past midnight.
 * Weekdays are sent Sunday first, as the contract lists them.
 */
export function toSegmentInfo(form: ConsumptionForm): SegmentInfo {
  return segmentInfo.parse({
    dateRange: { startDate: form.startDate, endDate: form.endDate },
    timeRange: {
      startTime: form.startTime,
      endTime: form.endTime === MIDNIGHT ? END_OF_DAY : readEndOfDayClock(form.endTime),
    },
    weekdays: WEEKDAYS.filter((day) => form.weekdays.includes(day)),
  });
}

/** Toggles one weekday, keeping Sunday-first order. */
export function toggleWeekday(weekdays: readonly Weekday[], day: Weekday): Weekday[] {
  const next = weekdays.includes(day) ? weekdays.filter((d) => d !== day) : [...weekdays, day];
  return WEEKDAYS.filter((d) => next.includes(d));
}
