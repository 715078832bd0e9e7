/**
 * When scheduled reports are due (issue #15). Pure: settings, an instant and
 * the factory's zone in, instants and local dates out. A weekly report is due
 * Monday 08:00 factory-local and covers the previous Monday–Sunday; a monthly
 * one is due the 1st 08:00 and covers the previous month. 08:00 is read on
 * the factory's wall clock through ZoneClock, so daylight saving moves the
 * instant, never the local time.
 */
import {
  clockMinutes,
  MINUTE_MS,
  weekdayOf,
  addDays,
  civilDay,
  type ZoneClock,
} from '@wattboard/zone-time';
import { SCHEDULED_REPORT_TIME, type ScheduledReportKind } from '@wattboard/contract';

export interface LocalPeriod {
  /** First local day. */
  from: string;
  /** Last local day, inclusive. */
  to: string;
}

export interface ReportRun {
  kind: ScheduledReportKind;
  /** The local date the report is sent on (a Monday, or a 1st). */
  dueDate: string;
  /** The instant of SCHEDULED_REPORT_TIME on dueDate in the factory's zone. */
  dueAt: number;
  period: LocalPeriod;
}

export interface ReportSchedule {
  kind: ScheduledReportKind;
  enabled: boolean;
  /** When the report was last switched on; periods due before it are not sent. */
  enabledSince: number | null;
}

const SEND_MINUTES = clockMinutes(SCHEDULED_REPORT_TIME);

/** 'yyyy-MM-dd' of the 1st of the month `months` after the month of `date`. */
function firstOfMonth(date: string, months = 0): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
}

/** The latest due date on or before the local date `date`. */
function dueDateOnOrBefore(kind: ScheduledReportKind, date: string): string {
  if (kind === 'monthly') return firstOfMonth(date);
  return addDays(date, -((weekdayOf(date) + 6) % 7)); // back to Monday
}

function nextDueDate(kind: ScheduledReportKind, dueDate: string): string {
  return kind === 'monthly' ? firstOfMonth(dueDate, 1) : addDays(dueDate, 7);
}

/** The period a report sent on `dueDate` covers: the week or month that ended the day before. */
export function periodOf(kind: ScheduledReportKind, dueDate: string): LocalPeriod {
  const to = addDays(dueDate, -1);
  return { from: kind === 'monthly' ? firstOfMonth(to) : addDays(dueDate, -7), to };
}

/** The period before `period` of the same kind (the comparison). */
export function previousPeriod(kind: ScheduledReportKind, period: LocalPeriod): LocalPeriod {
  return periodOf(kind, period.from);
}

function runOn(kind: ScheduledReportKind, dueDate: string, clock: ZoneClock): ReportRun {
  return {
    kind,
    dueDate,
    dueAt: clock.fromCivil(civilDay(dueDate) + SEND_MINUTES * MINUTE_MS),
    period: periodOf(kind, dueDate),
  };
}

/** The latest run due at or before `now` (the last complete period). */
export function latestDueRun(kind: ScheduledReportKind, now: number, clock: ZoneClock): ReportRun {
  const today = clock.localParts(now).date;
  const run = runOn(kind, dueDateOnOrBefore(kind, today), clock);
  if (run.dueAt <= now) return run;
  return runOn(kind, dueDateOnOrBefore(kind, addDays(run.dueDate, -1)), clock);
}

/** The first run due after `now`. */
export function nextRunAfter(kind: ScheduledReportKind, now: number, clock: ZoneClock): ReportRun {
  const latest = latestDueRun(kind, now, clock);
  return runOn(kind, nextDueDate(kind, latest.dueDate), clock);
}

/** The next scheduled send of a report, or null while it is off. */
export function nextScheduledRun(
  schedule: ReportSchedule,
  now: number,
  clock: ZoneClock,
): ReportRun | null {
  return schedule.enabled ? nextRunAfter(schedule.kind, now, clock) : null;
}

/**
 * The run the scheduler owes at `now`: the latest due one, if the report was
 * on when it fell due. A run missed while no server ran is still owed at the
 * next start (only the latest period: a long outage sends one report, not a
 * backlog); whether it was already sent is the run table's business.
 */
export function owedRun(schedule: ReportSchedule, now: number, clock: ZoneClock): ReportRun | null {
  if (!schedule.enabled || schedule.enabledSince === null) return null;
  const run = latestDueRun(schedule.kind, now, clock);
  return run.dueAt >= schedule.enabledSince ? run : null;
}
